#!/usr/bin/env python3
"""web-test.py TOUR_BINARY [--update-screenshots]: `tour render --format html`, played in
a real browser, headless Chromium (Debian's chromium and chromium-driver) driven by
Selenium, as a person and a docs site would use the page:

- keys (arrows, Enter, Esc, Home, End, digits), clicks on the button, dots and Skip, and a
  swipe on a touch screen, each checked against the page shown, the current dot and what
  the live region announces;
- question pages: nothing chosen closes the way on; arrows, digits and clicks choose;
  Enter confirms; the tour:answer, tour:finish and tour:skip events and their details;
- practice pages, played with real keys: a wrong key shows the hint in place and goes
  nowhere, nor do Enter, → and the button; the key asked (even q), a sequence, Ctrl-R and
  a typed line show the done line and open the way on; End and a digit stop at one;
- light and dark: every text's contrast, computed from the computed styles, at least 4.5:1;
  the accent and the gradient kept where they pass;
- reduced motion; a 390-pixel phone with no sideways scroll and a 1440-pixel desktop
  with the card centred; the page without script;
- no console message and no request leaving the page (the browser's network log);
- a hostile tour stays text and runs nothing;
- the built-in tour, a Markdown tour and a translated one, by navigator.languages;
- the README's lines for a docs site, in a page served on loopback, receive the events;
- the screenshots of the built-in tour in docs/web are what the page draws now
  (--update-screenshots takes them again).
"""
import functools, http.server, json, os, re, subprocess, sys, tempfile, threading, time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Packages"))
from checks import Checks  # noqa: E402
from png import png_pixels  # noqa: E402

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.actions.action_builder import ActionBuilder  # noqa: E402
from selenium.webdriver.common.actions.pointer_input import PointerInput  # noqa: E402
from selenium.webdriver.common.actions import interaction  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TOUR = os.path.abspath(sys.argv[1])
UPDATE = "--update-screenshots" in sys.argv
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures")
# The built-in tour's practice pages, by position, and the key each asks for: pressed
# there, as a person would, for the way on to open.
BUILTIN_PRACTICE = {index: page["expect"] for index, page in
                    enumerate(json.load(open(os.path.join(ROOT, "Resources", "welcome.json")))["pages"]) if page.get("kind") == "practice"}
SCREENSHOTS = {"light": os.path.join(ROOT, "docs", "web", "tour-light.png"), "dark": os.path.join(ROOT, "docs", "web", "tour-dark.png")}
check = Checks("web")
work = tempfile.mkdtemp(prefix="tour-web-")

# Events the page sends, collected in the page itself (Selenium's scripts run outside its CSP).
LISTEN = """window.seen = [];
["tour:answer", "tour:finish", "tour:skip"].forEach(function (name) {
  document.addEventListener(name, function (event) { window.seen.push([event.type, event.detail]); });
});"""

# The state a person sees: the page on screen, the current dot, the button, Skip, the announcement.
STATE = """var edition = Array.prototype.filter.call(document.querySelectorAll(".edition"), function (e) { return !e.hidden; })[0];
var slides = Array.prototype.slice.call(edition.querySelectorAll(".slide"));
var shown = slides.filter(function (s) { return !s.inert; });
var dots = Array.prototype.slice.call(edition.querySelectorAll(".dot"));
return {page: shown.length === 1 ? slides.indexOf(shown[0]) : -1,
        dot: dots.findIndex(function (d) { return d.getAttribute("aria-current") === "true"; }),
        button: edition.querySelector(".next").textContent, skip: !edition.querySelector(".skip").hidden,
        announced: edition.querySelector(".announce").textContent, title: shown.length === 1 ? shown[0].querySelector("h2").textContent : "",
        lang: document.documentElement.lang, checked: shown.length === 1 ? Array.prototype.map.call(
          shown[0].querySelectorAll(".option"), function (o) { return o.getAttribute("aria-checked") === "true"; }) : []};"""

# Every visible text's contrast on what is behind it (a color, or each band of a gradient),
# from the computed styles; the art, a picture, is left out.
CONTRAST = """function parse(text) {
  var m = /rgba?\\(([^)]*)\\)/.exec(text); if (!m) return null;
  var p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
  if (p.length > 3 && p[3] === 0) return null; return p.slice(0, 3);
}
function luminance(p) {
  var c = p.map(function (v) { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}
function ratio(a, b) { var x = luminance(a), y = luminance(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); }
function behind(element) {
  for (var e = element; e; e = e.parentElement) {
    var style = getComputedStyle(e);
    if (style.backgroundImage.indexOf("gradient") >= 0) return style.backgroundImage.match(/rgba?\\([^)]*\\)/g).map(parse);
    var color = parse(style.backgroundColor); if (color) return [color];
  }
  return [parse(getComputedStyle(document.documentElement).backgroundColor)];
}
var edition = Array.prototype.filter.call(document.querySelectorAll(".edition"), function (e) { return !e.hidden; })[0];
var walker = document.createTreeWalker(edition, NodeFilter.SHOW_TEXT), node, results = [], worst = 21;
while ((node = walker.nextNode())) {
  var element = node.parentElement;
  if (!node.textContent.trim() || element.closest(".art, .announce, [hidden]")) continue;
  var slide = element.closest(".slide"); if (slide && slide.inert) continue;
  var front = parse(getComputedStyle(element).color);
  behind(element).forEach(function (back) {
    var r = ratio(front, back); worst = Math.min(worst, r);
    if (r < 4.5) results.push(node.textContent.trim().slice(0, 30) + ": " + r.toFixed(2));
  });
}
return {failures: results, worst: worst};"""


def render(*arguments, name):
    path = os.path.join(work, name)
    result = subprocess.run([TOUR, "render", *arguments, "--format", "html", "--output", path], capture_output=True, text=True)
    check(f"render {name}: exit 0 and no words on stderr", result.returncode == 0 and not result.stderr, result.stderr)
    return path


def browser(languages="en-US", width=900, height=760, javascript=True):
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                     "--force-device-scale-factor=1", f"--window-size={width},{height}", f"--lang={languages.split(',')[0]}",
                     "--force-color-profile=srgb", "--font-render-hinting=none"]:
        options.add_argument(argument)
    prefs = {"intl.accept_languages": languages}
    if not javascript:
        prefs["profile.managed_default_content_settings.javascript"] = 2
    options.add_experimental_option("prefs", prefs)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    return driver


def media(driver, scheme="light", motion="no-preference"):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": scheme}, {"name": "prefers-reduced-motion", "value": motion}]})


def open_page(driver, path, scheme="light", motion="reduce"):
    media(driver, scheme, motion)
    driver.get("file://" + path)
    driver.execute_script(LISTEN)


def state(driver):
    return driver.execute_script(STATE)


def press(driver, *keys):
    for key in keys:
        ActionChains(driver).send_keys(key).perform()


def events(driver):
    found = driver.execute_script("var s = window.seen; window.seen = []; return s;")
    return [tuple(each) for each in found]


def quiet_and_local(driver, what, page_url):
    """No console message at all (a CSP refusal is one), and no request but the page's own."""
    messages = [entry["message"] for entry in driver.get_log("browser")]
    check(f"{what}: no console message", not messages, "\n    ".join(messages))
    requests = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            url = message["params"]["request"]["url"]
            if not url.startswith(page_url) and not url.startswith("data:"):
                requests.append(url)
    check(f"{what}: no request leaves the page", not requests, ", ".join(requests))


def keys_and_clicks(path):
    driver = browser()
    try:
        open_page(driver, path)
        first = state(driver)
        check("built-in: page 1 shown, its dot current, Next, Skip", (first["page"], first["dot"], first["button"], first["skip"]) == (0, 0, "Next", True), first)
        # Page 3 is a practice of "?": End stops on it until "?" is pressed.
        expected = [(Keys.ARROW_RIGHT, 1), (Keys.ARROW_RIGHT, 2), (Keys.ARROW_LEFT, 1), (Keys.END, 2), ("?", 2), (Keys.END, 5),
                    (Keys.HOME, 0), (Keys.ARROW_LEFT, 0), ("3", 2), (Keys.ENTER, 3), ("9", 3)]
        for key, page in expected:
            press(driver, key)
            now = state(driver)
            name = {Keys.ARROW_RIGHT: "→", Keys.ARROW_LEFT: "←", Keys.END: "End", Keys.HOME: "Home", Keys.ENTER: "Enter"}.get(key, key)
            check(f"built-in: {name} shows page {page + 1} with its dot", now["page"] == page and now["dot"] == page, now)
        now = state(driver)
        check("built-in: the page change is announced politely", now["announced"] == f"Page 4 of 6: {now['title']}", now)
        press(driver, Keys.ESCAPE)
        check("built-in: Esc on page 4 sends tour:skip with the page", events(driver) == [("tour:skip", {"page": 4})])
        press(driver, Keys.END)
        last = state(driver)
        check("built-in: the last page says Get started and hides Skip", last["button"] == "Get started" and not last["skip"], last)
        press(driver, Keys.ENTER)
        check("built-in: Enter on the last page sends tour:finish", events(driver) == [("tour:finish", {"answers": {}})])
        press(driver, Keys.ESCAPE)
        check("built-in: Esc on the last page closes it finished, as q does in the terminal", events(driver) == [("tour:finish", {"answers": {}})])
        # Clicks: a dot, the button, Skip.
        driver.find_elements(By.CSS_SELECTOR, ".edition:not([hidden]) .dot")[2].click()
        check("built-in: a click on the third dot shows page 3", state(driver)["page"] == 2)
        driver.find_element(By.CSS_SELECTOR, ".edition:not([hidden]) .next").click()
        check("built-in: a click on Next shows page 4", state(driver)["page"] == 3)
        driver.find_element(By.CSS_SELECTOR, ".edition:not([hidden]) .skip").click()
        check("built-in: a click on Skip sends tour:skip", events(driver) == [("tour:skip", {"page": 4})])
        # The keyboard alone, and no trap: Tab goes through Skip, Next and the dots, then out.
        driver.execute_script("document.activeElement.blur()")
        stops = []
        for _ in range(9):
            press(driver, Keys.TAB)
            stops.append(driver.execute_script("var e = document.activeElement; return e === document.body ? 'body' : e.className;"))
        check("built-in: Tab reaches Skip, the dots and Next, then leaves the page (no focus trap)",
              "body" in stops and stops[stops.index("body") - 1:stops.index("body") + 2] == ["next", "body", "skip"]
              and stops.count("dot") >= 5, stops)
        # A swipe on a touch screen: to the left is next, to the right is back.
        box = driver.find_element(By.CSS_SELECTOR, ".edition:not([hidden]) .viewport")
        for dx, page in [(-200, 4), (200, 3)]:
            actions = ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
            actions.pointer_action.move_to(box, 0, 0).pointer_down().move_by(dx // 2, 5).move_by(dx // 2, 5).pointer_up()
            actions.perform()
            check(f"built-in: a swipe of {dx} px shows page {page + 1}", state(driver)["page"] == page, state(driver))
        quiet_and_local(driver, "built-in", "file://" + path)
    finally:
        driver.quit()


def questions(path):
    driver = browser()
    try:
        open_page(driver, path)
        press(driver, Keys.END)
        check("questions: End stops at the question that has no answer and no default", state(driver)["page"] == 1, state(driver))
        press(driver, Keys.HOME, "4")
        check("questions: so does a digit", state(driver)["page"] == 1 and not events(driver), state(driver))
        press(driver, Keys.HOME)
        driver.find_elements(By.CSS_SELECTOR, ".edition:not([hidden]) .dot")[3].click()
        check("questions: so does a click on the last dot", state(driver)["page"] == 1 and not events(driver), state(driver))
        press(driver, Keys.HOME)
        press(driver, Keys.ARROW_RIGHT)
        check("questions: on to the question", state(driver)["page"] == 1)
        press(driver, Keys.ARROW_RIGHT, Keys.ENTER)
        now = state(driver)
        check("questions: with nothing chosen, → and Enter stay and answer nothing", now["page"] == 1 and not events(driver), now)
        button = driver.find_element(By.CSS_SELECTOR, ".edition:not([hidden]) .next")
        check("questions: with nothing chosen the button is dim (aria-disabled)", button.get_attribute("aria-disabled") == "true")
        button.click()
        check("questions: so does the button", state(driver)["page"] == 1 and not events(driver))
        press(driver, Keys.ARROW_DOWN)
        check("questions: ↓ chooses the first option", state(driver)["checked"] == [True, False], state(driver))
        check("questions: and the button is no longer dim", button.get_attribute("aria-disabled") == "false")
        press(driver, Keys.ARROW_DOWN)
        check("questions: ↓ again the second", state(driver)["checked"] == [False, True], state(driver))
        press(driver, Keys.ENTER)
        check("questions: Enter confirms: tour:answer with the key and value, and the next page",
              events(driver) == [("tour:answer", {"telemetry": "off"})] and state(driver)["page"] == 2, state(driver))
        # Answered, the question stops nothing: End, a digit and a dot from page 1 go on.
        press(driver, Keys.HOME, Keys.END)
        check("questions: once answered, End from page 1 goes on to the last page", state(driver)["page"] == 3 and not events(driver), state(driver))
        press(driver, Keys.HOME, "4")
        check("questions: so does a digit", state(driver)["page"] == 3 and not events(driver), state(driver))
        press(driver, Keys.HOME)
        driver.find_elements(By.CSS_SELECTOR, ".edition:not([hidden]) .dot")[2].click()
        check("questions: and a dot", state(driver)["page"] == 2 and not events(driver), state(driver))
        check("questions: the default is chosen at first", state(driver)["checked"] == [False, False, True])
        driver.find_elements(By.CSS_SELECTOR, ".edition:not([hidden]) .slide:not([inert]) .option")[0].click()
        check("questions: a click chooses", state(driver)["checked"] == [True, False, False])
        press(driver, "2")
        check("questions: a digit chooses that option", state(driver)["checked"] == [False, True, False])
        press(driver, Keys.ARROW_LEFT, Keys.ARROW_RIGHT)
        check("questions: going back does not answer; going on again does", events(driver) == [("tour:answer", {"telemetry": "off"})])
        driver.find_element(By.CSS_SELECTOR, ".edition:not([hidden]) .next").click()
        check("questions: the button confirms", events(driver) == [("tour:answer", {"editor": "emacs"})] and state(driver)["page"] == 3)
        press(driver, Keys.ENTER)
        check("questions: tour:finish carries every answer", events(driver) == [("tour:finish", {"answers": {"telemetry": "off", "editor": "emacs"}})])
        press(driver, Keys.HOME, Keys.ARROW_RIGHT, Keys.ESCAPE)
        check("questions: Esc on a question skips it and answers nothing", events(driver) == [("tour:skip", {"page": 2})])
        size = os.path.getsize(path)
        check(f"questions: a 4-page tour with a picture is under 2 MiB ({size} bytes)", size < 2 << 20)
        quiet_and_local(driver, "questions", "file://" + path)
    finally:
        driver.quit()


# A tour of practice pages: a key, a line, a sequence, Ctrl and a letter, one of tour's own keys.
PRACTICE_TOUR = {"pages": [
    {"title": "Welcome", "subtitle": "Five keys to learn."},
    {"kind": "practice", "title": "Search", "subtitle": "Press / to search your notes.", "expect": "/", "done": "That is search."},
    {"kind": "practice", "title": "Sync", "subtitle": "Sync from the shell.", "expect": {"line": "notes sync"}},
    {"kind": "practice", "title": "Top", "expect": "g g"},
    {"kind": "practice", "title": "History", "expect": "ctrl-r"},
    {"kind": "practice", "title": "Quit", "expect": "q", "done": "q quits."},
    {"title": "Ready"},
]}

# The practice on the page shown: what it asks, the hint or done line, its live region, its field.
PRACTICE = """var slide = Array.prototype.filter.call(document.querySelectorAll(".edition:not([hidden]) .slide"), function (s) { return !s.inert; })[0];
var box = slide.querySelector(".practice"), said = box.querySelector(".said"), typed = box.querySelector(".typed");
return {ask: box.querySelector(".ask").innerHTML, said: said.textContent, done: said.classList.contains("done"),
        kbd: Array.prototype.map.call(said.querySelectorAll("kbd"), function (k) { return k.textContent; }),
        live: said.getAttribute("aria-live"), alerts: document.querySelectorAll("[role=alert]").length,
        typed: typed ? typed.value : null, focused: document.activeElement === typed};"""


def practice_state(driver):
    return driver.execute_script(PRACTICE)


def practices(path):
    driver = browser()
    try:
        open_page(driver, path)
        press(driver, Keys.END)
        check("practice: End from page 1 stops at the first practice", state(driver)["page"] == 1, state(driver))
        press(driver, Keys.HOME, "6")
        check("practice: so does a digit", state(driver)["page"] == 1 and not events(driver), state(driver))
        now = practice_state(driver)
        check("practice: the slide says what to press, the key in <kbd>", now["ask"] == "Press <kbd>/</kbd>", now)
        press(driver, "x")
        now = practice_state(driver)
        check("practice: a wrong key shows the hint in place, naming it, and goes nowhere",
              now["said"] == "Not quite: that was x. Try again." and now["kbd"] == ["x"] and state(driver)["page"] == 1, now)
        check("practice: the hint is a polite live region, no alert", now["live"] == "polite" and now["alerts"] == 0, now)
        for key, name in ((Keys.ENTER, "Enter"), (Keys.ARROW_RIGHT, "→")):
            press(driver, key)
            now = practice_state(driver)
            check(f"practice: {name} before it is done goes nowhere, and is a try", state(driver)["page"] == 1 and now["kbd"] == [name], now)
        button = driver.find_element(By.CSS_SELECTOR, ".edition:not([hidden]) .next")
        check("practice: the button is dim (aria-disabled) until it is done", button.get_attribute("aria-disabled") == "true",
              button.get_attribute("aria-disabled"))
        for scheme in ("light", "dark"):
            media(driver, scheme)
            found = driver.execute_script(CONTRAST)
            check(f"practice, {scheme}: the dim button's text reads at 4.5:1 or more too", not found["failures"], found["failures"])
        media(driver)
        button.click()
        check("practice: so does the button", state(driver)["page"] == 1 and not events(driver), state(driver))
        press(driver, "/")
        now = practice_state(driver)
        check("practice: / shows the check mark and the done line", now["said"] == "✓ That is search." and now["done"] and state(driver)["page"] == 1, now)
        check("practice: and the button is no longer dim", button.get_attribute("aria-disabled") == "false", button.get_attribute("aria-disabled"))
        for scheme in ("light", "dark"):
            media(driver, scheme)
            found = driver.execute_script(CONTRAST)
            check(f"practice, {scheme}: every text reads at 4.5:1 or more", not found["failures"], found["failures"])
        media(driver)
        press(driver, Keys.ENTER)
        check("practice: then Enter goes on", state(driver)["page"] == 2, state(driver))
        press(driver, Keys.ARROW_LEFT, Keys.ARROW_RIGHT)
        check("practice: back, and on again past the one done", state(driver)["page"] == 2, state(driver))
        now = practice_state(driver)
        check("practice: a line to type, in <kbd>, and a field", now["ask"] == "Type <kbd>notes sync</kbd> and press Enter" and now["typed"] == "", now)
        driver.execute_script("document.activeElement.blur()")  # on a focused button, Enter is its click
        press(driver, Keys.ENTER)
        check("practice: Enter on an empty line is a try", practice_state(driver)["kbd"] == ["Enter"] and state(driver)["page"] == 2, practice_state(driver))
        driver.find_element(By.CSS_SELECTOR, ".edition:not([hidden]) .next").click()
        check("practice: the button does not go on before the line", state(driver)["page"] == 2)
        press(driver, "notes snyc", Keys.ENTER)
        now = practice_state(driver)
        check("practice: typed keys go to the field; a wrong line is named and the field cleared",
              now["kbd"] == ["notes snyc"] and now["typed"] == "" and now["focused"] and state(driver)["page"] == 2, now)
        press(driver, Keys.ESCAPE)
        check("practice: Esc in the field skips", events(driver) == [("tour:skip", {"page": 3})] and state(driver)["page"] == 2)
        press(driver, " notes   sync ", Keys.ENTER)
        now = practice_state(driver)
        check("practice: the line, runs of spaces as one, is done", now["said"] == "✓ Done" and now["done"] and state(driver)["page"] == 2, now)
        press(driver, Keys.ENTER)
        check("practice: then Enter goes on", state(driver)["page"] == 3, state(driver))
        press(driver, "g", "x")
        check("practice: g then x is a miss", practice_state(driver)["kbd"] == ["x"], practice_state(driver))
        press(driver, "g", Keys.ENTER)
        check("practice: a wrong key starts the sequence over", state(driver)["page"] == 3 and not practice_state(driver)["done"])
        press(driver, "g", "g")
        check("practice: g g is done", practice_state(driver)["done"], practice_state(driver))
        press(driver, Keys.ARROW_RIGHT)
        check("practice: → goes on once it is done", state(driver)["page"] == 4, state(driver))
        ActionChains(driver).key_down(Keys.CONTROL).send_keys("r").key_up(Keys.CONTROL).perform()
        now = practice_state(driver)
        check("practice: Ctrl-R is taken (the page stays) and done", now["done"] and state(driver)["page"] == 4
              and driver.execute_script("return window.seen !== undefined"), now)
        press(driver, Keys.ENTER, Keys.ESCAPE)
        check("practice: on a page that asks for q, Esc still skips", events(driver) == [("tour:skip", {"page": 6})] and state(driver)["page"] == 5)
        press(driver, "q")
        check("practice: and q is the practice's", practice_state(driver)["said"] == "✓ q quits." and not events(driver) and state(driver)["page"] == 5)
        press(driver, Keys.HOME, Keys.END)
        check("practice: all done, End from page 1 goes to the last page", state(driver)["page"] == 6, state(driver))
        press(driver, Keys.ENTER)
        check("practice: and the tour finishes with no answers", events(driver) == [("tour:finish", {"answers": {}})])
        quiet_and_local(driver, "practice", "file://" + path)
    finally:
        driver.quit()


def appearance(paths):
    """Contrast in both themes on every page; the accent and gradient kept where they pass;
    motion and reduced motion; a phone and a desktop."""
    driver = browser()
    try:
        for name, path, pages in paths:
            for scheme in ("light", "dark"):
                open_page(driver, path, scheme)
                worst = 21
                for page in range(pages):
                    found = driver.execute_script(CONTRAST)
                    worst = min(worst, found["worst"])
                    check(f"{name}, {scheme}: page {page + 1}: every text reads at 4.5:1 or more", not found["failures"], found["failures"])
                    if name == "built-in" and page in BUILTIN_PRACTICE:
                        press(driver, BUILTIN_PRACTICE[page])
                        found = driver.execute_script(CONTRAST)
                        worst = min(worst, found["worst"])
                        check(f"{name}, {scheme}: page {page + 1} done: every text reads at 4.5:1 or more", not found["failures"], found["failures"])
                    press(driver, Keys.ARROW_RIGHT)
                print(f"web: {name}, {scheme}: the lowest contrast of any text is {worst:.2f}:1")
        builtin = paths[0][1]
        for scheme in ("light", "dark"):
            open_page(driver, builtin, scheme)
            button = driver.execute_script("return getComputedStyle(document.querySelector('.edition .next')).backgroundColor")
            check(f"built-in, {scheme}: the button keeps the accent #5fafff", button == "rgb(95, 175, 255)", button)
            press(driver, "3", BUILTIN_PRACTICE[2], "5")
            slide = driver.execute_script("return getComputedStyle(document.querySelectorAll('.edition .slide')[4]).backgroundImage")
            check(f"built-in, {scheme}: the gradient of page 5 stays", "rgb(43, 88, 118)" in slide and "rgb(78, 67, 118)" in slide, slide)
        for motion, duration in (("no-preference", "0.35s"), ("reduce", "0s")):
            open_page(driver, builtin, "light", motion)
            found = driver.execute_script("return getComputedStyle(document.querySelector('.edition .track')).transitionDuration")
            check(f"prefers-reduced-motion: {motion}: the slide takes {duration}", found == duration, found)
        for width, height in ((390, 844), (1440, 900)):
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500})
            for name, path, pages in paths:
                open_page(driver, path)
                for page in range(pages):
                    found = driver.execute_script("""var r = document.querySelector('.edition:not([hidden]) .carousel').getBoundingClientRect();
                        return {scroll: document.documentElement.scrollWidth, view: window.innerWidth, left: r.left, right: window.innerWidth - r.right};""")
                    check(f"{name} at {width} px: page {page + 1} needs no sideways scroll", found["scroll"] <= found["view"], found)
                    if width > 1000:
                        check(f"{name} at {width} px: page {page + 1} is centred", abs(found["left"] - found["right"]) <= 1, found)
                    if name == "built-in" and page in BUILTIN_PRACTICE:
                        press(driver, BUILTIN_PRACTICE[page])
                    press(driver, Keys.ARROW_RIGHT)
        quiet_and_local(driver, "appearance", "file://" + work + "/")
    finally:
        driver.quit()


def hostile(path):
    driver = browser()
    try:
        open_page(driver, path)
        for key in (Keys.ARROW_RIGHT, Keys.ARROW_DOWN, Keys.ENTER, Keys.ESCAPE, Keys.HOME):
            press(driver, key)
        driver.find_element(By.CSS_SELECTOR, ".edition:not([hidden]) .skip").click()
        found = driver.execute_script("""return {pwned: window.pwned === undefined ? null : window.pwned,
            scripts: document.scripts.length, elements: document.querySelectorAll('img, iframe, svg, a, b, style').length,
            title: document.querySelector('.slide h2').textContent, subtitle: document.querySelector('.slide .subtitle').textContent,
            visible: getComputedStyle(document.body).display};""")
        check("hostile: nothing in the tour ran", found["pwned"] is None, found)
        check("hostile: no element came from the tour (img, iframe, svg, a, b, another style)", found["scripts"] == 1 and found["elements"] == 1, found)
        check("hostile: the title shows as its characters", found["title"] == '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>', found)
        check("hostile: controls and escape sequences are dropped, the rest is text",
              found["subtitle"] == "</style><style>body{display:none}</style> <b>code</b> & red evil" and found["visible"] != "none", found)
        quiet_and_local(driver, "hostile", "file://" + path)
    finally:
        driver.quit()


def fused(path):
    """Markup behind characters that fuse with `<` or a quote into one Character (U+0600 and
    U+0D4E before it, a combining mark after a quote): still text. A meta refresh would
    send the browser away with no click, and no Content-Security-Policy stops that."""
    driver = browser()
    try:
        open_page(driver, path)
        time.sleep(1.5)  # a refresh of 0 s would have gone by now
        found = driver.execute_script("""return {url: location.href, pwned: window.pwned === undefined ? null : window.pwned,
            refresh: document.querySelectorAll('meta[http-equiv=refresh i]').length,
            elements: document.querySelectorAll('img, iframe, a, script:not(:first-of-type)').length,
            title: document.querySelector('.slide h2').textContent};""")
        check("fused characters: the browser stays on the page", found["url"] == "file://" + path, found)
        check("fused characters: no meta refresh, no element, nothing ran",
              found["refresh"] == 0 and found["elements"] == 0 and found["pwned"] is None, found)
        check("fused characters: the title shows as its characters", "<meta http-equiv=refresh" in found["title"], found)
        for key in (Keys.ARROW_RIGHT, Keys.END):
            press(driver, key)
        quiet_and_local(driver, "fused characters", "file://" + path)
    finally:
        driver.quit()


def languages(translated, markdown):
    for languages, lang, title in (("fr-FR,fr", "fr", "Bonjour en français"), ("de-DE,fr", "fr", "Bonjour en français"),
                                   ("en-US,fr", "", "Hello"), ("de", "", "Hello")):
        driver = browser(languages)
        try:
            open_page(driver, translated)
            now = state(driver)
            check(f"translated, navigator.languages {languages}: {lang or 'the base'}", now["lang"] == lang and now["title"] == title, now)
            if lang:
                press(driver, Keys.END)
                check(f"translated, {languages}: the translation's labels", state(driver)["button"] == "C'est parti", state(driver))
        finally:
            driver.quit()
    driver = browser("fr")
    try:
        open_page(driver, markdown)
        now = state(driver)
        check("Markdown, in French: its translation plays", now["title"] == "Prenez de bonnes habitudes" and now["lang"] == "fr", now)
        press(driver, Keys.END)
        check("Markdown: its feature page at the end", driver.execute_script(
            "return document.querySelectorAll('.edition:not([hidden]) .slide:not([inert]) .features li').length") == 3)
        quiet_and_local(driver, "Markdown", "file://" + markdown)
    finally:
        driver.quit()


def without_script(path):
    driver = browser(javascript=False)
    try:
        driver.get("file://" + path)
        shown = driver.execute_script("return Array.prototype.filter.call(document.querySelectorAll('.edition:not([hidden]) .slide'), function (s) { return s.getBoundingClientRect().height > 0; }).length")
        check("without script: every page shows, one under the other", shown == 6, shown)
    finally:
        driver.quit()


def docs_site(tour_page):
    """The README's lines, in a page served on loopback beside the tour: the events reach it."""
    with open(os.path.join(ROOT, "README.md")) as readme:
        lines = re.search(r"^```html\n(.*?)^```", readme.read(), re.M | re.S).group(1)
    site = os.path.join(work, "site")
    os.makedirs(site)
    os.rename(tour_page, os.path.join(site, "tour.html"))
    with open(os.path.join(site, "index.html"), "w") as page:
        page.write("<!DOCTYPE html><title>docs</title>\n" + lines)
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *arguments):
            pass
    handler = functools.partial(Quiet, directory=site)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    driver = browser()
    try:
        driver.get(f"http://127.0.0.1:{server.server_port}/index.html")
        time.sleep(0.5)
        driver.switch_to.frame(driver.find_element(By.TAG_NAME, "iframe"))
        driver.find_element(By.TAG_NAME, "body").click()
        press(driver, Keys.ARROW_RIGHT, Keys.ARROW_DOWN, Keys.ENTER)
        driver.switch_to.default_content()
        logged = [entry["message"] for entry in driver.get_log("browser")]
        check("docs site: the README's page hears tour:answer", any('answered' in m and 'telemetry' in m for m in logged), logged)
        driver.switch_to.frame(driver.find_element(By.TAG_NAME, "iframe"))
        press(driver, Keys.ARROW_DOWN, Keys.ENTER, Keys.ENTER)
        driver.switch_to.default_content()
        check("docs site: tour:finish takes the reader on", driver.execute_script("return location.hash") == "#install",
              driver.execute_script("return location.hash"))
    finally:
        driver.quit()
        server.shutdown()


def screenshots(path):
    driver = browser(width=800, height=700)
    try:
        for scheme, committed in SCREENSHOTS.items():
            open_page(driver, path, scheme)
            taken = driver.get_screenshot_as_png()
            if UPDATE:
                os.makedirs(os.path.dirname(committed), exist_ok=True)
                with open(committed, "wb") as out:
                    out.write(taken)
                continue
            with open(committed, "rb") as saved:
                old = png_pixels(saved.read())
            new = png_pixels(taken)
            if old[:2] != new[:2]:
                check(f"docs/web/tour-{scheme}.png is the size the page is drawn at", False, f"{old[:2]} against {new[:2]}: run make docs")
                continue
            # Fonts may be rasterised a shade apart from one machine to the next: a pixel differs
            # when a channel is 32 or more apart, and at most 0.5% may.
            differing = sum(1 for a, b in zip(old[3], new[3]) for x in range(0, len(a), old[2])
                            if max(abs(a[x + c] - b[x + c]) for c in range(3)) >= 32) if old[2] == new[2] else old[0] * old[1]
            share = differing / (old[0] * old[1])
            check(f"docs/web/tour-{scheme}.png is what the page draws ({share * 100:.2f}% of pixels differ)", share <= 0.005, "run make docs")
    finally:
        driver.quit()


def output_file():
    """--output replaces the file whole, readable by others, and refuses a device and the tour itself."""
    target = os.path.join(work, "kept.html")
    with open(target, "w") as out:
        out.write("old")
    os.chmod(target, 0o600)
    result = subprocess.run([TOUR, "render", "--format", "html", "--output", target], capture_output=True, text=True)
    with open(target) as page:
        text = page.read()
    check("--output: the page replaces the file whole", result.returncode == 0 and text.startswith("<!DOCTYPE html>") and text.endswith("</html>\n"))
    check("--output: a new file, readable by others (0666 less the umask)", oct(os.stat(target).st_mode & 0o777) == oct(0o666 & ~current_umask()))
    missing = os.path.join(work, "no-such-folder", "page.html")
    result = subprocess.run([TOUR, "render", "--format", "html", "--output", missing], capture_output=True, text=True)
    check("--output in a missing folder: exit 74, and the message names the file asked for",
          result.returncode == 74 and result.stderr == f"tour: cannot write {missing}: no such file\n", result.stderr)
    for where, words in (("/dev/null", "is not a regular file"), (os.path.join(FIXTURES, "web", "questions.json"), "is the tour file itself")):
        before = os.stat(where)
        refused = subprocess.run([TOUR, "render", os.path.join(FIXTURES, "web", "questions.json"), "--format", "html", "--output", where],
                                 capture_output=True, text=True)
        after = os.stat(where)
        check(f"--output {os.path.basename(where)}: refused (exit 2), left as it was", refused.returncode == 2 and words in refused.stderr
              and (before.st_ino, before.st_mode, before.st_size) == (after.st_ino, after.st_mode, after.st_size), refused.stderr)


def current_umask():
    mask = os.umask(0)
    os.umask(mask)
    return mask


def main():
    output_file()
    builtin = render(name="builtin.html")
    questions_page = render(os.path.join(FIXTURES, "web", "questions.json"), name="questions.html")
    hostile_page = render(os.path.join(FIXTURES, "web", "hostile.json"), name="hostile.html")
    translated = render(os.path.join(FIXTURES, "translations", "tour.json"), name="translated.html")
    markdown = render(os.path.join(FIXTURES, "translations-md", "habits.md"), name="markdown.html")
    keys_and_clicks(builtin)
    questions(questions_page)
    practice_tour = os.path.join(work, "practice.json")
    with open(practice_tour, "w") as out:
        json.dump(PRACTICE_TOUR, out)
    practices(render(practice_tour, name="practice.html"))
    appearance([("built-in", builtin, 6), ("questions", questions_page, 4), ("translated", translated, 3)])
    hostile(hostile_page)
    fused(render(os.path.join(FIXTURES, "web", "fused.json"), name="fused.html"))
    languages(translated, markdown)
    without_script(builtin)
    screenshots(builtin)
    docs_site(render(os.path.join(FIXTURES, "web", "questions.json"), name="for-site.html"))
    sys.exit(check.summary(" (headless Chromium " + subprocess.run(["chromium", "--version"], capture_output=True, text=True).stdout.split()[1] + ")"))


if __name__ == "__main__":
    main()
