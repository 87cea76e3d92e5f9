"""A tips state as it is a day later, for tests that need the next tip due: the state's
clock (lastShownAt) set back two days, under XDG_STATE_HOME = HOME/state."""
import json, os


def a_day_later(home, tour_id):
    path = os.path.join(home, "state", "tour", "tips", tour_id + ".json")
    with open(path) as file:
        state = json.load(file)
    state["lastShownAt"] -= 2 * 86400
    with open(path, "w") as file:
        json.dump(state, file)
