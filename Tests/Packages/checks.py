"""One counter of passed and failed checks for the test scripts that are not Swift tests:
each failure is printed at once with its detail, and the closing line is the
'N passed, N failed' that CI reads."""


class Checks:
    def __init__(self, name):
        self.name = name
        self.passed = 0
        self.failed = 0

    def __call__(self, what, condition, detail=""):
        if condition:
            self.passed += 1
        else:
            self.failed += 1
            print(f"{self.name}: FAILED: {what}" + (f"\n    {detail}" if detail else ""), flush=True)

    def summary(self, suffix=""):
        """Prints the closing line; the exit status for it."""
        print(f"{self.name}: {self.passed} passed, {self.failed} failed{suffix}")
        return 1 if self.failed else 0
