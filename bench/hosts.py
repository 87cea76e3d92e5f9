"""What a tool pays on every start for calling tour through its Python or Node module, when
nothing is new (issue 65, item 6), each beside the cheapest thing of its kind, in one run:

- Python: `import tour_onboarding` beside `import json`, each timed inside a fresh
  interpreter (python3 -I), the two alternating;
- Python: `tour_onboarding.once(FILE)` on a seen tour beside `subprocess.run(["true"])`,
  alternating in one interpreter, after one call of each (subprocess is imported then);
- Node: `require('tour-onboarding')` and `once(FILE)` beside `spawnSync('true')`, each the
  first thing a fresh node does, the two alternating.

Every process is on a pseudo-terminal (a seen tour's start on a terminal is the path a
person's start takes; in a pipe tour would stop sooner). Times are wall clock, in seconds.
"""
import fcntl, json, os, pty, struct, subprocess, sys, tempfile, termios

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PYTHON_MODULE = os.path.join(ROOT, "Packaging", "python")
NODE_MODULE = os.path.join(ROOT, "Packaging", "npm", "tour-onboarding")

IMPORT = """import sys, time
sys.path.insert(0, %r)
started = time.perf_counter()
import {module}
print(time.perf_counter() - started)
""" % PYTHON_MODULE

ONCE = """import json, subprocess, sys, time
sys.path.insert(0, %r)
import tour_onboarding
tour_file, runs, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
outcome = tour_onboarding.once(tour_file)
subprocess.run(["true"])
spawn, once = [], []
for _ in range(runs):
    started = time.perf_counter(); subprocess.run(["true"]); spawn.append(time.perf_counter() - started)
    started = time.perf_counter(); outcome = tour_onboarding.once(tour_file); once.append(time.perf_counter() - started)
json.dump({"spawn": spawn, "once": once, "outcome": outcome.value}, open(out, "w"))
""" % PYTHON_MODULE

NODE_SPAWN = """const started = process.hrtime.bigint();
require('child_process').spawnSync('true');
require('fs').writeFileSync(process.argv[1], String(Number(process.hrtime.bigint() - started) / 1e9));
"""

NODE_ONCE = """const started = process.hrtime.bigint();
const outcome = require(%r).once(process.argv[2]);
require('fs').writeFileSync(process.argv[1], String(Number(process.hrtime.bigint() - started) / 1e9) + ' ' + outcome);
""" % NODE_MODULE


def run_on_terminal(argv, env, rows=24, columns=80):
    """Runs `argv` with stdin, stdout and stderr on a pseudo-terminal of its own; returns
    what it printed, its exit code and its resource usage (wait4)."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    process = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True)
    os.close(slave)
    output = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        output += chunk
    _, status, usage = os.wait4(process.pid, 0)
    os.close(master)
    return output, os.waitstatus_to_exitcode(status), usage


def on_terminal(argv, env):
    return run_on_terminal(argv, env)[0]


def host_costs(tour_binary, runs, mark_seen):
    """The figures, medians taken by the caller; `mark_seen(state_home, id, version)`."""
    work = tempfile.mkdtemp(prefix="tour-bench-hosts-")
    state_home = os.path.join(work, "state")
    tour_file = os.path.join(work, "seen.json")
    json.dump({"id": "bench-host", "version": "1.0", "pages": [{"title": "Seen"}]}, open(tour_file, "w"))
    mark_seen(state_home, "bench-host", "1.0")
    env = {"PATH": "/usr/bin:/bin", "HOME": work, "XDG_STATE_HOME": state_home, "TERM": "xterm-256color", "LANG": "C.UTF-8"}
    # As the wheel installs it: tour in the venv's scripts folder, beside its python.
    venv = os.path.join(work, "venv")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", venv], check=True)
    os.symlink(tour_binary, os.path.join(venv, "bin", "tour"))
    python = os.path.join(venv, "bin", "python")
    # Node's module finds its platform package, else PATH: the binary's folder.
    node_env = dict(env, PATH=os.path.dirname(tour_binary) + ":/usr/bin:/bin")
    figures = {"import_json": [], "import_module": [], "spawn_true": [], "once": [], "node_spawn": [], "node_once": []}
    for _ in range(runs):
        for name, module in (("import_json", "json"), ("import_module", "tour_onboarding")):
            printed = on_terminal([python, "-I", "-c", IMPORT.replace("{module}", module)], env)
            figures[name].append(float(printed.decode().strip()))
        for name, script, extra in (("node_spawn", NODE_SPAWN, []), ("node_once", NODE_ONCE, [tour_file])):
            out = os.path.join(work, name + ".out")
            on_terminal(["node", "-e", script, out, *extra], node_env)
            words = open(out).read().split()
            if name == "node_once" and words[1:] != ["finished"]:
                raise SystemExit(f"node once() on a seen tour came to {words[1:]}, not finished")
            figures[name].append(float(words[0]))
    out = os.path.join(work, "once.json")
    on_terminal([python, "-I", "-c", ONCE, tour_file, str(runs), out], env)
    timed = json.load(open(out))
    if timed["outcome"] != "finished":
        raise SystemExit(f"python once() on a seen tour came to {timed['outcome']}, not finished")
    figures["spawn_true"], figures["once"] = timed["spawn"], timed["once"]
    return figures
