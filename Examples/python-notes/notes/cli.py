"""The notes command: `notes` lists, `notes add TEXT` adds, `notes find WORD` searches,
`notes tour` plays the welcome again, `notes whats-new` what the updates brought,
`notes sync` copies them to the synced folder, `notes tips off` hides the tips (the
tip's last line says so). On every start it makes one call: tour shows the welcome once,
after an update what is new as a notice in place, else the getting-started checklist or
a tip, at most one a day, all from one file. Each command ticks its checklist item once
it worked (`tour_onboarding.done`). It is silent
in a pipe or in CI, and when tour is not installed the tool goes on without a word."""
import os
import sys

import tour_onboarding

HERE = os.path.dirname(os.path.abspath(__file__))
TOUR = os.path.join(HERE, "tour.json")


def notes_file():
    home = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(home, "notes", "notes.txt")


def synced_file():
    home = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(home, "notes", "synced", "notes.txt")


def read_notes():
    try:
        with open(notes_file(), encoding="utf-8") as notes:
            return [line.rstrip("\n") for line in notes]
    except FileNotFoundError:
        return []


def main(argv=None):
    arguments = sys.argv[1:] if argv is None else argv
    if arguments[:1] == ["tour"]:
        tour_onboarding.play(TOUR)
        return 0
    if arguments[:1] == ["whats-new"]:
        tour_onboarding.whats_new(TOUR)
        return 0
    if arguments[:1] == ["tips"] and arguments[1:] in (["off"], ["on"]):
        tour_onboarding.tips_off(TOUR, on=arguments[1] == "on")
        print(f"notes: tips are {arguments[1]}")
        return 0
    # The outcome is there to read (FINISHED, SKIPPED, UNAVAILABLE, ...); notes needs none.
    tour_onboarding.once(TOUR)
    # The consent page's answer, kept by tour: no answer (never shown, skipped) is no.
    if tour_onboarding.answers(TOUR).get("telemetry") == "yes":
        print("notes: sharing anonymous usage counts")

    if arguments[:1] == ["add"] and len(arguments) > 1:
        path = notes_file()
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "a", encoding="utf-8") as notes:
            notes.write(" ".join(arguments[1:]) + "\n")
        print("Noted.")
        tour_onboarding.done(TOUR, "add")
    elif arguments[:1] == ["find"] and len(arguments) > 1:
        for note in read_notes():
            if arguments[1].lower() in note.lower():
                print(note)
        tour_onboarding.done(TOUR, "find")
    elif arguments == ["sync"]:
        notes = read_notes()
        os.makedirs(os.path.dirname(synced_file()), exist_ok=True)
        with open(synced_file(), "w", encoding="utf-8") as synced:
            synced.write("".join(note + "\n" for note in notes))
        print(f"Synced {len(notes)} notes.")
        # Ticked only once the sync worked: the checklist says what the person really did.
        tour_onboarding.done(TOUR, "sync")
    elif not arguments:
        notes = read_notes()
        print("\n".join(notes) if notes else "No notes yet. Add one with: notes add TEXT")
    else:
        print("usage: notes [add TEXT | find WORD | sync | tour | whats-new | tips off | tips on]", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
