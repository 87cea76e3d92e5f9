"""A model of the terminal state that outlives a program: everything a program can set and
forget to give back, fed from the bytes it wrote.

pyte keeps the screen; this keeps the rest, which pyte drops or folds together: the scroll
margins (DECSTBM), every DEC private mode set or reset by number (origin 6, autowrap 7,
cursor keys 1, cursor 25, the alternate screens 47/1047/1049, every mouse mode, bracketed
paste 2004, focus events 1004, synchronized output 2026, ...), the ANSI modes (insert 4,
newline 20), the keypad mode (DECKPAM/DECKPNM), the SGR attributes in force, the character
sets designated and shifted, the window and icon titles with xterm's title stack, the
kitty keyboard flags and xterm's modifyOtherKeys.

`TerminalState.feed(bytes)` follows a byte stream; `state()` is a plain dict to compare:
a program leaves the terminal as it found it when the state after it equals the state
before it. Used by Tests/Terminals/as-found-test.py and the hosts' test.
"""
import re

# A DEC private mode's value when nothing set it: only these start on.
DEFAULT_ON = {7, 25}  # autowrap, cursor visible
# GNU screen's and tmux's entries make the cursor normal (cnorm) with ANSI mode 34 set:
# that is where they start, and terminals without the mode ignore it.
ANSI_DEFAULT_ON = {34}


class TerminalState:
    def __init__(self, rows, columns):
        self.rows, self.columns = rows, columns
        self.margins = None            # (top, bottom), 1-based, or None for the whole window
        self.private = {}              # mode -> bool, only where a program set it
        self.ansi = {}
        self.keypad_application = False
        self.sgr = ()                  # the SGR parameters in force since the last reset
        self.charsets = {"G0": "B", "G1": "B", "G2": "B", "G3": "B"}
        self.shifted_out = False
        self.titles = {"window": None, "icon": None}
        self.title_stack = 0
        self.kitty_keyboard = [0]
        self.modify_other_keys = 0
        self._pending = b""

    # -- the byte stream -----------------------------------------------------------------

    def feed(self, data):
        data = self._pending + data
        self._pending = b""
        i, n = 0, len(data)
        while i < n:
            byte = data[i]
            if byte == 0x0E:
                self.shifted_out = True
            elif byte == 0x0F:
                self.shifted_out = False
            elif byte == 0x1B or byte == 0x9B:
                end = self._sequence(data, i)
                if end is None:  # cut in two by a read: wait for the rest
                    self._pending = data[i:]
                    return
                i = end
                continue
            i += 1

    def _sequence(self, data, i):
        """Handles the escape sequence at i; returns the index after it, or None if cut."""
        n = len(data)
        if data[i] == 0x9B:
            return self._csi(data, i + 1)
        if i + 1 >= n:
            return None
        kind = data[i + 1]
        if kind == ord("["):
            return self._csi(data, i + 2)
        if kind in (ord("]"), ord("P"), ord("_"), ord("^"), ord("X")):
            end = self._string_end(data, i + 2)
            if end is None:
                return None
            body, after = end
            if kind == ord("]"):
                self._osc(body)
            return after
        if kind in b"()*+-./":
            if i + 2 >= n:
                return None
            slot = {ord("("): "G0", ord(")"): "G1", ord("*"): "G2", ord("+"): "G3",
                    ord("-"): "G1", ord("."): "G2", ord("/"): "G3"}[kind]
            self.charsets[slot] = chr(data[i + 2])
            return i + 3
        if kind == ord("="):
            self.keypad_application = True
        elif kind == ord(">"):
            self.keypad_application = False
        elif kind == ord("c"):  # RIS: everything back to the start
            self.__init__(self.rows, self.columns)
        elif kind in b"#%" and i + 2 < n:
            return i + 3
        return i + 2

    @staticmethod
    def _string_end(data, start):
        """The body of an OSC, DCS, APC, PM or SOS string and the index after its end."""
        for j in range(start, len(data)):
            if data[j] == 0x07:
                return data[start:j], j + 1
            if data[j] == 0x1B and j + 1 < len(data) and data[j + 1] == ord("\\"):
                return data[start:j], j + 2
            if data[j] == 0x9C:
                return data[start:j], j + 1
            if data[j] == 0x1B and j + 1 >= len(data):
                return None
        return None

    def _csi(self, data, start):
        j = start
        while j < len(data) and 0x20 <= data[j] <= 0x3F:
            j += 1
        if j >= len(data):
            return None
        final = chr(data[j])
        body = data[start:j].decode("latin-1")
        prefix = body[0] if body and body[0] in "?<=>" else ""
        intermediates = "".join(c for c in body if 0x20 <= ord(c) <= 0x2F)
        parameters = body[len(prefix):len(body) - len(intermediates)] if intermediates else body[len(prefix):]
        numbers = [int(p) if p.isdigit() else None for p in re.split(r"[;:]", parameters)] if parameters else []
        self._csi_action(prefix, intermediates, numbers, final)
        return j + 1

    def _csi_action(self, prefix, intermediates, numbers, final):
        if intermediates:
            return  # DECRQM ($p), DECSCUSR ( q), ...: asked or cosmetic, nothing kept here
        if final in "hl" and prefix == "?":
            for mode in numbers:
                if mode is not None:
                    self.private[mode] = final == "h"
        elif final in "hl" and prefix == "":
            for mode in numbers:
                if mode is not None:
                    self.ansi[mode] = final == "h"
        elif final == "r" and prefix == "":
            top = numbers[0] if len(numbers) > 0 and numbers[0] else 1
            # A bottom past the window is the window's (xterm clamps it); top >= bottom is ignored.
            bottom = min(numbers[1] if len(numbers) > 1 and numbers[1] else self.rows, self.rows)
            if top < bottom:
                self.margins = None if (top, bottom) == (1, self.rows) else (top, bottom)
        elif final == "m" and prefix == "":
            self._sgr(numbers)
        elif final == "t" and prefix == "" and numbers:
            if numbers[0] == 22:
                self.title_stack += 1
            elif numbers[0] == 23:
                self.title_stack = max(0, self.title_stack - 1)
        elif final == "u" and prefix == ">":
            self.kitty_keyboard.append(numbers[0] if numbers and numbers[0] else 0)
        elif final == "u" and prefix == "<":
            count = numbers[0] if numbers and numbers[0] else 1
            for _ in range(count):
                if len(self.kitty_keyboard) > 1:
                    self.kitty_keyboard.pop()
        elif final == "m" and prefix == ">":
            if numbers and numbers[0] == 4:
                self.modify_other_keys = numbers[1] if len(numbers) > 1 and numbers[1] else 0

    def _sgr(self, numbers):
        if not numbers or numbers == [0] or numbers == [None]:
            self.sgr = ()
            return
        kept = list(self.sgr)
        i = 0
        while i < len(numbers):
            code = numbers[i] or 0
            if code == 0:
                kept = []
            elif code in (38, 48, 58) and i + 1 < len(numbers):
                width = 3 if numbers[i + 1] == 5 else 5
                kept.append(tuple(numbers[i:i + width]))
                i += width
                continue
            else:
                kept.append(code)
            i += 1
        # What is left in force once the resets among them are applied.
        resets = {22: (1, 2), 23: (3,), 24: (4, 21), 25: (5, 6), 27: (7,), 28: (8,), 29: (9,), 39: "fg", 49: "bg"}
        effective = []
        for item in kept:
            if item in resets:
                undone = resets[item]
                effective = [e for e in effective if not (
                    (isinstance(undone, tuple) and e in undone)
                    or (undone == "fg" and (isinstance(e, tuple) and e[0] == 38 or isinstance(e, int) and (30 <= e <= 37 or 90 <= e <= 97)))
                    or (undone == "bg" and (isinstance(e, tuple) and e[0] == 48 or isinstance(e, int) and (40 <= e <= 47 or 100 <= e <= 107))))]
            else:
                effective.append(item)
        self.sgr = tuple(effective)

    def _osc(self, body):
        text = body.decode("utf-8", "replace")
        number, _, value = text.partition(";")
        if number == "0":
            self.titles["window"] = self.titles["icon"] = value
        elif number == "1":
            self.titles["icon"] = value
        elif number == "2":
            self.titles["window"] = value

    # -- what is compared ----------------------------------------------------------------

    def state(self):
        private = {mode: on for mode, on in self.private.items() if on != (mode in DEFAULT_ON)}
        ansi = {mode: on for mode, on in self.ansi.items() if on != (mode in ANSI_DEFAULT_ON)}
        return {
            "margins": self.margins,
            "private modes changed": dict(sorted(private.items())),
            "ANSI modes changed": dict(sorted(ansi.items())),
            "keypad": "application" if self.keypad_application else "numeric",
            "SGR": self.sgr,
            "character sets": dict(self.charsets),
            "shifted out": self.shifted_out,
            "titles": dict(self.titles),
            "title stack": self.title_stack,
            "kitty keyboard": self.kitty_keyboard[-1],
            "modifyOtherKeys": self.modify_other_keys,
        }


def differences(before, after):
    """The entries of two `state()`s that differ, as 'name: before -> after' lines."""
    return [f"{key}: {before[key]!r} -> {after[key]!r}" for key in before if before[key] != after.get(key)]


if __name__ == "__main__":  # a self-check of the model on sequences whose effect is known
    model = TerminalState(40, 120)
    start = model.state()
    model.feed(b"\x1b[?1049h\x1b[1;24r\x1b[?1000h\x1b[?1006h\x1b=\x1b[1;38;5;75m\x1b(0\x0e\x1b]2;x\x07\x1b[22;0t")
    changed = model.state()
    assert len(differences(start, changed)) == 8, differences(start, changed)
    model.feed(b"\x1b[?1049l\x1b[r\x1b[?1006l\x1b[?1000l\x1b>\x1b[22;39m\x1b(B\x0f\x1b[23;0t")
    assert differences(start, model.state()) == ["titles: {'window': None, 'icon': None} -> {'window': 'x', 'icon': None}"], \
        differences(start, model.state())
    model = TerminalState(40, 120)
    model.feed(b"\x1b[1;40r\x1b[?7l\x1b[?7h\x1b[?25")
    model.feed(b"l\x1b[?25h")
    assert differences(start, model.state()) == [], differences(start, model.state())
    print("terminal_state: the model's self-check passed")
