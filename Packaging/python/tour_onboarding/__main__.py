"""`python -m tour_onboarding ARGS...` runs the installed `tour ARGS...`."""
import os
import sys

from tour_onboarding import find_tour_bin

if __name__ == "__main__":
    try:
        binary = find_tour_bin()
    except FileNotFoundError as missing:
        sys.exit(f"tour_onboarding: no tour binary at {missing}")
    os.execv(binary, [binary, *sys.argv[1:]])
