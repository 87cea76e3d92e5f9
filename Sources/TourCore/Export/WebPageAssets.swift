/// The web page's fixed style and its one script (`WebPage`). The script has no paging
/// rule of its own: where each move goes on each page is data Swift writes from
/// `Navigation.go` (`WebMoves`, in the edition's `.moves`), which the script looks up and
/// reads with one thing it keeps, which pages close the way on: questions with nothing
/// selected and practices not done. A practice's keys are data too (`WebPractice`).
enum WebPageAssets {
    static let style = """
        :root{color-scheme:light dark;--backdrop:\(WebInk.css(WebTheme.light.backdrop));--card:\(WebInk.css(WebTheme.light.card));\
        --text:\(WebInk.css(WebTheme.light.text));--muted:\(WebInk.css(WebTheme.light.muted));--line:\(WebInk.css(WebTheme.light.line))}
        @media (prefers-color-scheme:dark){:root{--backdrop:\(WebInk.css(WebTheme.dark.backdrop));--card:\(WebInk.css(WebTheme.dark.card));\
        --text:\(WebInk.css(WebTheme.dark.text));--muted:\(WebInk.css(WebTheme.dark.muted));--line:\(WebInk.css(WebTheme.dark.line))}}
        *{box-sizing:border-box}
        html{background:var(--backdrop);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","DejaVu Sans",sans-serif}
        body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:1rem .5rem}
        .tour{width:100%;max-width:40rem}
        .carousel{background:var(--card);color:var(--text);border-radius:1.25rem;box-shadow:0 .5rem 2rem rgb(0 0 0/.15);overflow:hidden}
        .top{display:flex;justify-content:flex-end;padding:.5rem .75rem 0;min-height:2.75rem}
        .viewport{overflow:hidden;overflow:clip;touch-action:pan-y}
        html.js .track{display:flex;transition:transform .35s cubic-bezier(.2,.7,.2,1)}
        @media (prefers-reduced-motion:reduce){html.js .track{transition:none}}
        .slide{flex:0 0 100%;min-width:0;padding:1rem 1.5rem 1.5rem;background:var(--slide-bg);color:var(--s-text);text-align:center;overflow-wrap:anywhere}
        html:not(.js) .slide+.slide{border-top:1px solid var(--line)}
        .hero{container-type:inline-size;margin:0 auto 1rem}
        .art{display:inline-block;margin:0;text-align:left;white-space:pre;line-height:1.15;overflow-wrap:normal;\
        font-family:ui-monospace,"DejaVu Sans Mono","Liberation Mono",Menlo,Consolas,monospace;font-size:min(.875rem,calc(100cqi/(var(--columns)*.62)))}
        .picture{margin:0 auto;width:min(100%,16rem);max-height:40vh;background:center/contain no-repeat}
        .picture.small{image-rendering:pixelated;width:10rem}
        .alt{color:var(--s-muted);font-style:italic}
        h2{color:var(--s-title);font-size:1.6rem;line-height:1.25;margin:.25rem 0 .5rem}
        .subtitle,.extra{color:var(--s-muted);margin:0 auto;max-width:34rem}
        code{font-family:ui-monospace,"DejaVu Sans Mono","Liberation Mono",Menlo,Consolas,monospace;font-size:.92em;color:var(--s-code)}
        .features{list-style:none;padding:0;margin:1rem auto;max-width:30rem;text-align:left}
        .features li{display:grid;grid-template-columns:2rem 1fr;column-gap:.5rem;margin:.75rem 0}
        .features .icon{grid-row:span 2;font-size:1.25rem;line-height:1.2;text-align:center}
        .features strong{color:var(--s-text)}
        .features .text{color:var(--s-muted)}
        .choices{display:grid;gap:.5rem;max-width:26rem;margin:1rem auto 0;text-align:left}
        .option{font:inherit;color:var(--s-text);background:none;border:2px solid var(--line);border-radius:.75rem;padding:.55rem .9rem;\
        display:grid;grid-template-columns:1.75rem 1fr;text-align:left;cursor:pointer}
        .option[aria-checked=true]{border-color:var(--mark)}
        .asks .option{animation:asks .6s}
        @keyframes asks{30%{border-color:var(--mark)}}
        @media (prefers-reduced-motion:reduce){.asks .option{animation:none;border-color:var(--mark)}}
        .option .mark::before{content:"\\25CB";color:var(--s-muted)}
        .option[aria-checked=true] .mark::before{content:"\\25CF";color:var(--s-title)}
        .option .detail{grid-column:2;color:var(--s-muted);font-size:.9em}
        .practice{max-width:30rem;margin:1rem auto 0}
        .practice .ask{margin:0;font-weight:600}
        kbd{font-family:ui-monospace,"DejaVu Sans Mono","Liberation Mono",Menlo,Consolas,monospace;font-size:.92em;color:var(--s-code);\
        border:1px solid var(--line);border-bottom-width:2px;border-radius:.35rem;padding:0 .35rem}
        .practice.asks .ask kbd{animation:asks .6s}
        @media (prefers-reduced-motion:reduce){.practice.asks .ask kbd{animation:none;border-color:var(--mark)}}
        .typed{font:inherit;font-family:ui-monospace,"DejaVu Sans Mono","Liberation Mono",Menlo,Consolas,monospace;color:var(--s-text);\
        background:none;border:2px solid var(--line);border-radius:.5rem;padding:.45rem .75rem;margin-top:.75rem;width:100%;max-width:24rem}
        .typed:focus-visible{outline:3px solid var(--mark);outline-offset:2px}
        .said{margin:.75rem 0 0;min-height:1.5em;color:var(--s-muted)}
        .said.done{color:var(--s-title);font-weight:600}
        html:not(.js) .typed,html:not(.js) .said{display:none}
        .bottom{display:flex;flex-direction:column;align-items:center;gap:.75rem;padding:0 1.5rem 1.5rem}
        html:not(.js) .top,html:not(.js) .bottom{display:none}
        .dots{display:flex;flex-wrap:wrap;justify-content:center}
        .dot{font:inherit;font-size:1.1rem;line-height:1;background:none;border:0;color:var(--muted);min-width:2rem;min-height:2rem;cursor:pointer}
        .dot[aria-current=true]{color:var(--mark)}
        .numbers{margin:0;color:var(--muted)}
        .bar{width:12rem;accent-color:var(--mark)}
        .next{font:inherit;font-weight:600;background:var(--accent);color:var(--on-accent);border:0;border-radius:999px;padding:.7rem 2rem;min-width:12rem;cursor:pointer}
        .next[aria-disabled=true]{background:none;color:var(--s-muted);box-shadow:inset 0 0 0 2px var(--line);cursor:not-allowed}
        .skip{font:inherit;background:none;border:0;color:var(--muted);padding:.5rem .75rem;border-radius:.5rem;cursor:pointer}
        button:focus-visible{outline:3px solid var(--mark);outline-offset:2px}
        .announce{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
        [hidden]{display:none!important}

        """

    static let script = """
        (function () {
          "use strict";
          var doc = document;
          doc.documentElement.classList.add("js");
          var editions = Array.prototype.slice.call(doc.querySelectorAll(".edition"));
          if (!editions.length) return;
          // The first of the browser's languages that has a translation; English, which the
          // labels default to, or none of them, is the base.
          function chooseEdition() {
            var wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ""];
            for (var i = 0; i < wanted.length; i++) {
              var tag = String(wanted[i]).toLowerCase(), primary = tag.split("-")[0];
              var found = editions.filter(function (e) { return e.getAttribute("data-lang") === tag; })[0]
                || editions.filter(function (e) { return e.getAttribute("data-lang") === primary; })[0];
              if (found) return found;
              if (primary === "en") return editions[0];
            }
            return editions[0];
          }
          var edition = chooseEdition();
          editions.forEach(function (e) { e.hidden = e !== edition; });
          if (edition.lang) doc.documentElement.lang = edition.lang;
          doc.title = edition.getAttribute("data-title");
          function one(selector) { return edition.querySelector(selector); }
          function all(root, selector) { return Array.prototype.slice.call(root.querySelectorAll(selector)); }
          var carousel = one(".carousel"), viewport = one(".viewport"), track = one(".track"), next = one(".next"),
            skip = one(".skip"), dotsBox = one(".dots"), numbers = one(".numbers"), bar = one(".bar"), announce = one(".announce");
          var slides = all(edition, ".slide"), dots = all(edition, ".dot"), count = slides.length;
          var moves = JSON.parse(one(".moves").textContent);
          var current = 0, chosen = {}, answered = {};
          // Practice pages (WebPractice): each one's data, how many of its keys are matched, done.
          var practices = slides.map(function (slide) {
            var box = slide.querySelector(".practice[data-practice]");
            return box ? { box: box, data: JSON.parse(box.getAttribute("data-practice")), said: box.querySelector(".said"),
              typed: box.querySelector(".typed"), matched: 0, done: false } : null;
          });
          var keysData = one(".practice-keys"), shared = keysData ? JSON.parse(keysData.textContent) : { names: {}, waysOut: [] };
          function has(object, name) { return Object.prototype.hasOwnProperty.call(object, name); }

          function send(name, detail) { doc.dispatchEvent(new CustomEvent(name, { detail: detail })); }
          function isQuestion(page) { return slides[page].hasAttribute("data-key"); }
          function options(page) { return all(slides[page], ".option"); }
          function selection(page) {
            if (Object.prototype.hasOwnProperty.call(chosen, page)) return chosen[page];
            var given = slides[page].getAttribute("data-default");
            return given === null || given === "" ? null : Number(given);
          }
          function value(page) {
            var index = selection(page);
            return index === null ? null : options(page)[index].getAttribute("data-value");
          }
          function answers() {
            var result = {};
            Object.keys(answered).forEach(function (page) { result[slides[page].getAttribute("data-key")] = value(Number(page)); });
            return result;
          }
          // The one thing the table of moves is read with: a page that closes the way on, a
          // question with nothing selected or a practice not done.
          function unanswered(page) { return isQuestion(page) ? selection(page) === null : practices[page] !== null && !practices[page].done; }
          // The person went on from a question: its selection is their answer.
          function answer(page) {
            answered[page] = true;
            var detail = {};
            detail[slides[page].getAttribute("data-key")] = value(page);
            send("tour:answer", detail);
          }
          // The way on is closed: the options (or the keys asked) say so for a moment, and focus
          // stays where it is.
          function ask(page) {
            var group = slides[page].querySelector(".choices, .practice");
            group.classList.remove("asks");
            void group.offsetWidth;
            group.classList.add("asks");
          }
          function finish() { send("tour:finish", { answers: answers() }); }
          // The button is dim, as the pager's is, while it would only ask (a question with
          // nothing selected, a practice not done); it stays focusable and says why when pressed.
          function renderNext() {
            var entry = moves[current].advance;
            next.setAttribute("aria-disabled", String(Boolean(entry && entry.closedWhileUnanswered && unanswered(current))));
          }
          // A move, looked up in the table Swift wrote (WebMoves): by name, or a jump by the
          // page asked. A page asked that no range covers goes nowhere.
          function go(name, asked) {
            var row = moves[current], entry = row[name];
            if (name === "jump") entry = row.jump.filter(function (range) { return asked <= range[0]; }).map(function (range) { return range[1]; })[0];
            if (!entry) return;
            if (entry.closedWhileUnanswered && unanswered(current)) { ask(current); return; }
            var target = entry.to === "asked" ? asked : entry.to;
            if (entry.stopsFrom !== undefined) {
              for (var page = entry.stopsFrom; page < target; page++) if (unanswered(page)) { target = page; break; }
            }
            if (entry.answers) answer(current);
            if (entry.ends === "finish") finish();
            else if (entry.ends === "skip") send("tour:skip", { page: current + 1 });
            else if (target !== current) { current = target; render(true); }
          }
          function renderChoices(page) {
            var selected = selection(page);
            options(page).forEach(function (option, index) {
              option.setAttribute("aria-checked", String(index === selected));
              option.tabIndex = (selected === null ? index === 0 : index === selected) ? 0 : -1;
            });
          }
          function choose(index, focus) {
            var list = options(current);
            if (index < 0 || index >= list.length) return;
            chosen[current] = index;
            renderChoices(current);
            renderNext();
            if (focus) list[index].focus();
          }
          function moveChoice(delta) {
            var length = options(current).length, selected = selection(current);
            var from = selected === null ? (delta > 0 ? -1 : length) : selected;
            choose(Math.min(Math.max(0, from + delta), length - 1), slides[current].contains(doc.activeElement));
          }
          // The key pressed as WebPractice names keys: KeyboardEvent.key, or "Ctrl+" and a
          // letter; null when it is the browser's (with Meta or Alt; Ctrl with no letter).
          // Ctrl and Alt together are AltGr: the character it types.
          function keyID(event) {
            if (event.metaKey || (event.altKey && !event.ctrlKey)) return null;
            if (event.ctrlKey && !event.altKey) return /^[a-z]$/i.test(event.key) ? "Ctrl+" + event.key.toLowerCase() : null;
            return event.key;
          }
          function isCharacter(id) { return id !== null && Array.from(id).length === 1; }
          // The move the page's own keys make, by the names the table of moves has (WebPractice.moveKeys).
          var moveKeys = \(WebPractice.moveKeysJSON);
          function keyMove(key) { return has(moveKeys, key) ? moveKeys[key] : /^[1-9]$/.test(key) ? "jump" : null; }
          // The hint after a try that was not it, the key or line it names in <kbd>.
          function missed(practice, tried) {
            var said = practice.said;
            said.className = "said";
            said.textContent = "";
            practice.data.missed.forEach(function (piece, index) {
              if (index > 0) said.appendChild(doc.createElement("kbd")).textContent = tried;
              said.appendChild(doc.createTextNode(piece));
            });
          }
          function practiceDone(practice) {
            practice.done = true;
            practice.said.className = "said done";
            practice.said.textContent = practice.data.done;
            renderNext();
            if (practice.typed) {
              practice.typed.readOnly = true;
              if (doc.activeElement === practice.typed) next.focus();
            }
          }
          // A key of a practice of keys: one step of its table (WebPractice.steps), by the
          // key's place among those asked, any other last.
          function pressKey(practice, id) {
            var keys = practice.data.keys, index = keys.indexOf(id);
            var step = practice.data.steps[practice.matched][index < 0 ? keys.length : index];
            practice.matched = step[0];
            if (step[1]) missed(practice, has(shared.names, id) ? shared.names[id] : id);
            else practice.said.textContent = "";
            if (practice.matched === practice.data.steps.length) practiceDone(practice);
          }
          // A line tried: runs of spaces as one (Tour.Practice.normalized), compared as Swift
          // compares text, by canonical equivalence.
          function checkLine(practice) {
            var tried = practice.typed.value.split(" ").filter(Boolean).join(" ");
            if (tried.normalize("NFC") === practice.data.line.normalize("NFC")) { practiceDone(practice); return; }
            missed(practice, tried || practice.data.empty);
            practice.typed.value = "";
          }
          // A key on a practice not done, by the pager's rules (PracticeProgress.take): "taken"
          // when it was the practice's, "field" when it is the text field's own, else null and
          // the page's keys have it. On a focused button Enter and Space are its click.
          function practise(event, practice) {
            var target = event.target, id = keyID(event);
            var onButton = target && target.tagName === "BUTTON" && (id === "Enter" || id === " ");
            if (practice.typed) {
              if (target === practice.typed) return id === "Enter" ? (event.isComposing ? "field" : (checkLine(practice), "taken")) : id === "Escape" ? null : "field";
              if (onButton || id === null) return null;
              if (id === "Enter") checkLine(practice);
              else if (isCharacter(id)) { practice.typed.value += id; practice.typed.focus({ preventScroll: true }); }
              else if (id === "Backspace") practice.typed.value = practice.typed.value.slice(0, -1);
              else return null;
              return "taken";
            }
            if (id === null || (onButton && practice.data.keys.indexOf(id) < 0)) return null;
            if (practice.data.keys.indexOf(id) < 0) {
              if (!event.ctrlKey && shared.waysOut.indexOf(keyMove(event.key)) >= 0) return null;
              if (!has(shared.names, id) && !isCharacter(id)) return null;
            }
            pressKey(practice, id);
            return "taken";
          }
          function render(changed) {
            var slide = slides[current], focusLost = false;
            // Art another page showed first is copied in when its own page shows.
            Array.prototype.forEach.call(slide.querySelectorAll("pre[data-art]:empty"), function (art) {
              art.innerHTML = doc.getElementById(art.getAttribute("data-art")).innerHTML;
            });
            track.style.transform = "translateX(" + (-100 * current) + "%)";
            slides.forEach(function (each, index) {
              if (index !== current && each.contains(doc.activeElement)) focusLost = true;
              each.inert = index !== current;
            });
            carousel.className = "carousel " + slide.getAttribute("data-ink");
            next.textContent = slide.getAttribute("data-button");
            skip.hidden = slide.getAttribute("data-skip") !== "true";
            var kind = slide.getAttribute("data-indicator");
            dotsBox.hidden = kind !== "dots";
            numbers.hidden = kind !== "numbers";
            bar.hidden = kind !== "bar";
            numbers.textContent = (current + 1) + " / " + count;
            bar.value = current + 1;
            dots.forEach(function (dot, index) {
              dot.textContent = slide.getAttribute(index === current ? "data-dot-on" : "data-dot-off");
              if (index === current) dot.setAttribute("aria-current", "true"); else dot.removeAttribute("aria-current");
            });
            if (isQuestion(current)) renderChoices(current);
            renderNext();
            if (changed) announce.textContent = slide.getAttribute("data-announce");
            if (focusLost || (skip.hidden && doc.activeElement === skip)) next.focus();
          }

          next.addEventListener("click", function () { go("advance"); });
          skip.addEventListener("click", function () { go("skip"); });
          dots.forEach(function (dot, index) { dot.addEventListener("click", function () { go("jump", index); }); });
          slides.forEach(function (slide, page) {
            options(page).forEach(function (option, index) {
              option.addEventListener("click", function () { if (page === current) choose(index, false); });
            });
          });
          doc.addEventListener("keydown", function (event) {
            if (event.defaultPrevented) return;
            var practice = practices[current];
            if (practice && !practice.done) {
              var taken = practise(event, practice);
              if (taken === "field") return;
              if (taken) { event.preventDefault(); return; }
            }
            if (event.altKey || event.ctrlKey || event.metaKey) return;
            var target = event.target, tag = target && target.tagName, key = event.key, move = keyMove(key);
            // A practice's field lets Esc through: it skips, as in the terminal.
            var escapes = practice && target === practice.typed && key === "Escape";
            if (!escapes && (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (target && target.isContentEditable))) return;
            var onOption = tag === "BUTTON" && target.classList.contains("option");
            if (move === "advance") {
              // A button takes its own Enter; on an option, Enter chooses it and goes on.
              if (tag === "BUTTON" && !onOption) return;
              if (onOption) choose(options(current).indexOf(target), false);
              go("advance");
            }
            else if (move === "jump") { if (isQuestion(current)) choose(Number(key) - 1, onOption); else go("jump", Number(key) - 1); }
            else if (move) go(move);
            else if ((key === "ArrowDown" || key === "ArrowUp") && isQuestion(current)) moveChoice(key === "ArrowDown" ? 1 : -1);
            else return;
            event.preventDefault();
          });
          // A horizontal swipe turns the page; a vertical one scrolls (touch-action: pan-y).
          var start = null;
          viewport.addEventListener("pointerdown", function (event) {
            if (event.pointerType !== "mouse") start = { x: event.clientX, y: event.clientY, id: event.pointerId };
          });
          viewport.addEventListener("pointerup", function (event) {
            if (!start || event.pointerId !== start.id) return;
            var dx = event.clientX - start.x, dy = event.clientY - start.y;
            start = null;
            if (Math.abs(dx) > 40 && Math.abs(dx) > 1.5 * Math.abs(dy)) go(dx < 0 ? "next" : "previous");
          });
          viewport.addEventListener("pointercancel", function () { start = null; });
          render(false);
        })();

        """
}
