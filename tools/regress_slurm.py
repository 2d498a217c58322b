"""The Slurm engine of tools/regress.py (issue 17; docs/regress.md). It shares the runner, the judge and
the writers with the local engine through tools/regress_core.py (it does not import regress.py).

The submitter (regress.py --engine slurm, on a login node) makes the test list as the local engine
does, writes it to OUT/slurm/manifest.json and submits one job array of N tasks (sbatch --parsable
--array); task I runs the tests I, I+N, I+2N, ... of the list (regress.py --task I, the same runner
as the local engine) and writes its own junit.xml, summary.json and results.json in
OUT/slurm/attemptA/task_I/. The repository, its build and OUT must be on a file system that the
compute nodes share. The submitter polls squeue (sacct too, where accounting is on) and the result
files; a task that ended without a complete results.json (it failed, timed out, was cancelled or its
node died) is named with its tests and resubmitted once; whatever is still missing after that is a
JUnit <error> per test. The merge writes OUT/junit.xml and OUT/summary.json with regress.py's own
writer. Failing seeds are shrunk by one follow-up job (regress.py --shrink-job).
"""
import argparse
import json
import math
import os
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time

from regress_core import ROOT, print_report, run_tests, shrink, shrink_pending, test_id, write_results

TESTS_PER_TASK = 1000
# squeue/sacct states after which a job array task runs no more
ENDED = {"COMPLETED", "FAILED", "CANCELLED", "TIMEOUT", "NODE_FAIL", "OUT_OF_MEMORY", "BOOT_FAIL", "DEADLINE",
         "PREEMPTED", "SPECIAL_EXIT", "REVOKED"}
# a task that ended so ran to its end: a result not seen yet may still be on its way through the file system
RAN = {"COMPLETED", "FAILED", "GONE"}
RUN_ARGS = ("build", "jobs", "timeout", "seeds", "shrink_budget", "shrink_max")


def atomic_json(path, obj):
    """a reader on another node sees the whole file or none"""
    tmp = f"{path}.{socket.gethostname()}.{os.getpid()}.tmp"
    with open(tmp, "w") as f:
        json.dump(obj, f, indent=1)
    os.replace(tmp, path)


def task_dir(sdir, attempt, task):
    return os.path.join(sdir, f"attempt{attempt}", f"task_{task}")


def task_log(sdir, attempt, task):
    return os.path.join(sdir, f"attempt{attempt}", f"task_{task}.log")


def tail(path, n=2000):
    try:
        with open(path, errors="replace") as f:
            return f.read()[-n:]
    except OSError:
        return f"(no log {os.path.relpath(path, ROOT)}: is the output directory on a file system the compute nodes share?)"


def slice_of(tests, task, ntasks):
    return tests[task::ntasks]


# ---- on the compute nodes -----------------------------------------------------------------------
def job_main(a):
    """regress.py --task I --attempt A --manifest M (one array task) or --shrink-job FILE"""
    mf = a.manifest or a.shrink_job
    if not os.path.exists(mf):
        print(f"regress.py on {socket.gethostname()}: {mf} not found: the repository and the output directory "
              "must be on a file system that this node shares with the submitting one (docs/regress.md)")
        return 3
    with open(mf) as f:
        m = json.load(f)
    ma = argparse.Namespace(**m["args"])
    out = os.path.join(ROOT, m["out"])
    for prog in ("ttmodel", "ttcosim", "ttcosim_sc"):
        if not os.access(os.path.join(ROOT, ma.build, prog), os.X_OK):
            print(f"regress.py on {socket.gethostname()}: {ma.build}/{prog} is missing or not executable here: "
                  "build once on a shared file system (docs/regress.md)")
            return 3
    t0 = time.monotonic()
    if a.shrink_job:
        shrink(ma, m["results"], out)
        atomic_json(m["result_file"], {test_id(r): r["shrunk"] for r in m["results"] if "shrunk" in r})
        print(f"shrink job: {len(m['results'])} failing runs, {time.monotonic() - t0:.0f} s")
        return 0
    tests = slice_of(m["tests"], a.task, m["tasks"])
    d = task_dir(os.path.join(out, "slurm"), a.attempt, a.task)
    os.makedirs(d, exist_ok=True)
    print(f"task {a.task} (attempt {a.attempt}, job {os.environ.get('SLURM_JOB_ID')}) on {socket.gethostname()}: "
          f"{len(tests)} tests, {ma.jobs} at a time")
    results = run_tests(tests, ma, out)
    wall = time.monotonic() - t0
    keep = json.loads(json.dumps(results))      # the writer drops what only the merge needs (_shrink)
    write_results(keep, d, wall, ma, {"name": "slurm-task", "task": a.task, "attempt": a.attempt,
                                      "job": os.environ.get("SLURM_JOB_ID")})
    atomic_json(os.path.join(d, "results.json"), results)      # last: its presence says the task ran to its end
    print(f"task {a.task}: {sum(r['ok'] for r in results)} passed, {sum(not r['ok'] for r in results)} failed, "
          f"{wall:.0f} s")
    return 0        # failing tests are in the results; a non-zero exit means the task itself broke


# ---- on the submitting machine ------------------------------------------------------------------
class Cluster:
    def __init__(self, a, sdir):
        self.a = a
        self.sdir = sdir
        self.jobs = []          # every job submitted, cancelled if the submitter is stopped
        self.sacct_ok = None

    def sbatch(self, args):
        cmd = ["sbatch", "--parsable", f"--chdir={ROOT}", f"--cpus-per-task={self.a.jobs}"]
        if self.a.slurm_partition:
            cmd.append(f"--partition={self.a.slurm_partition}")
        cmd += shlex.split(self.a.slurm_opts) + args
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if p.returncode != 0:
            sys.exit(f"regress.py: sbatch failed (exit {p.returncode}): {p.stdout.strip()}\n  command: {shlex.join(cmd)}")
        job = p.stdout.strip().splitlines()[-1].split(";")[0]
        self.jobs.append(job)
        return job

    def squeue(self, job):
        """{array task id or "N/A": state} of a job, {} once Slurm forgot it, None if squeue failed"""
        p = subprocess.run(["squeue", "-h", "-r", "--states=all", "-j", job, "-o", "%K %T"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if p.returncode != 0:
            return {} if "Invalid job id" in p.stderr else None
        st = {}
        for line in p.stdout.splitlines():
            k, _, s = line.strip().partition(" ")
            st[k] = s.strip()
        return st

    def sacct(self, job):
        """{array task id or "N/A": state} from accounting, or {} where there is none"""
        if self.sacct_ok is False or not shutil.which("sacct"):
            return {}
        p = subprocess.run(["sacct", "-n", "-P", "-X", "-j", job, "-o", "JobID,State"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.sacct_ok = p.returncode == 0
        st = {}
        for line in p.stdout.splitlines() if self.sacct_ok else []:
            jid, _, s = line.partition("|")
            st[jid.split("_", 1)[1] if "_" in jid else "N/A"] = s.split()[0] if s.split() else "UNKNOWN"
        return st

    def wait(self, job, keys, have_result):
        """waits until none of the job's tasks KEYS runs or waits to run any more; their last states.
        A task that ran to its end but whose result is not visible yet gets --slurm-grace seconds."""
        last, since_ok = {}, time.monotonic()
        while True:
            st = self.squeue(job)
            if st is None:
                if time.monotonic() - since_ok > 600:
                    print(f"regress: squeue has failed for 10 minutes; giving up on job {job}")
                    break
            else:
                since_ok = time.monotonic()
                last.update(st)
                if not any(k in st and st[k] not in ENDED for k in keys):
                    break
            time.sleep(self.a.slurm_poll)
        acct = self.sacct(job)
        states = {k: acct.get(k) or last.get(k) or "GONE" for k in keys}
        end = time.monotonic() + self.a.slurm_grace
        while time.monotonic() < end and any(not have_result(k) and states[k] in RAN for k in keys):
            time.sleep(min(2.0, self.a.slurm_poll))
        return states

    def cancel_all(self):
        if self.jobs:
            subprocess.run(["scancel"] + self.jobs, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def load_task(sdir, attempt, task, want):
    """a task's results if it wrote them all (the test ids of its slice, in order), else None"""
    try:
        with open(os.path.join(task_dir(sdir, attempt, task), "results.json")) as f:
            res = json.load(f)
    except (OSError, ValueError):
        return None
    return res if [test_id(r) for r in res] == want else None


def write_script(path, setup, command):
    with open(path, "w") as f:
        f.write("#!/bin/bash\n# written by tools/regress.py --engine slurm (docs/regress.md)\n"
                f"cd {shlex.quote(ROOT)} || exit 3\n{setup}\n{command}\n")
    os.chmod(path, 0o755)


def submit_main(a, tests, out, t0):
    for tool in ("sbatch", "squeue", "scancel"):
        if not shutil.which(tool):
            sys.exit(f"regress.py --engine slurm: {tool} is not in PATH: run it where Slurm's client commands are "
                     "(a login node), or start a one-node cluster with tests/slurm/cluster.sh (docs/regress.md)")
    sdir = os.path.join(out, "slurm")
    n = min(a.slurm_tasks or math.ceil(len(tests) / TESTS_PER_TASK), len(tests))
    manifest = os.path.join(sdir, "manifest.json")
    os.makedirs(sdir, exist_ok=True)
    atomic_json(manifest, {"out": os.path.relpath(out, ROOT), "tasks": n, "tests": tests,
                           "args": {k: getattr(a, k) for k in RUN_ARGS}})
    py = "python3 tools/regress.py"
    write_script(os.path.join(sdir, "task.sh"), a.slurm_setup,
                 f'exec {py} --task "$SLURM_ARRAY_TASK_ID" --attempt "$1" --manifest {shlex.quote(manifest)}')
    cl = Cluster(a, sdir)
    signal.signal(signal.SIGTERM, _stop)
    ids = {i: [test_id(t) for t in slice_of(tests, i, n)] for i in range(n)}
    got, tries = {}, {}         # task -> its results; task -> [(job_task, state, log)] of the attempts that died
    try:
        for attempt in (1, 2):
            todo = [i for i in range(n) if i not in got]
            if not todo:
                break
            os.makedirs(os.path.join(sdir, f"attempt{attempt}"), exist_ok=True)
            spec = f"0-{n - 1}" if attempt == 1 else ",".join(map(str, todo))
            job = cl.sbatch([f"--array={spec}", f"--job-name=ttcosim-regress-{attempt}", f"--time={a.slurm_time}",
                             f"--output={os.path.join(sdir, f'attempt{attempt}', 'task_%a.log')}",
                             os.path.join(sdir, "task.sh"), str(attempt)])
            print(f"regress: attempt {attempt}: job {job}, array {spec} ({len(todo)} tasks, {len(tests)} tests "
                  f"in all, {a.jobs} at a time each); waiting (squeue every {a.slurm_poll:g} s)", flush=True)
            states = cl.wait(job, [str(i) for i in todo],
                             lambda k: load_task(sdir, attempt, int(k), ids[int(k)]) is not None)
            for i in todo:
                res = load_task(sdir, attempt, i, ids[i])
                if res is not None:
                    got[i] = res
                    continue
                tries.setdefault(i, []).append((f"{job}_{i}", states[str(i)], task_log(sdir, attempt, i)))
                names = ", ".join(ids[i][:4]) + (", ..." if len(ids[i]) > 4 else "")
                print(f"regress: array task {i} (job {job}_{i}) ended {states[str(i)]} without a result; its "
                      f"{len(ids[i])} tests ({names}) " + ("go again" if attempt == 1 else "are errors"), flush=True)

        results = []
        for i in range(n):
            if i in got:
                results += got[i]
                continue
            why = f"no result: array task {i} ended " + "; resubmitted, ended ".join(
                f"{s} (job {j})" for j, s, _ in tries[i])
            logs = "\n".join(f"--- {os.path.relpath(lg, ROOT)} ({j}, {s}):\n{tail(lg)}" for j, s, lg in tries[i])
            for t in slice_of(tests, i, n):
                results.append({"suite": t["suite"], "name": t["name"], "ok": False, "error": True, "seconds": 0.0,
                                "why": why, "repro": " ".join(t["cmd"]), "output": logs[-4000:]})
        lost = [{"task": i, "tests": ids[i], "attempts": [{"job": j, "state": s} for j, s, _ in tries[i]],
                 "recovered": i in got} for i in sorted(tries)]

        shrink_job = None
        if shrink_pending(a, results):
            shrink_job = run_shrink_job(a, cl, sdir, results)
    except KeyboardInterrupt:
        cl.cancel_all()
        print(f"regress: stopped; cancelled jobs {' '.join(cl.jobs)}")
        return 130
    wall = time.monotonic() - t0
    write_results(results, out, wall, a, {"name": "slurm", "tasks": n, "jobs": cl.jobs, "shrink_job": shrink_job,
                                          "lost": lost})
    return print_report(results, out, wall, a,
                        f"on Slurm: {n} array tasks, each {a.jobs} at a time (jobs {' '.join(cl.jobs)})")


def run_shrink_job(a, cl, sdir, results):
    """the failing seeds shrunk by one follow-up job; attaches "shrunk" as the local engine does"""
    todo = [r for r in results if r.get("_shrink")]
    mf = os.path.join(sdir, "shrink.json")
    res_file = os.path.join(sdir, "shrunk.json")
    atomic_json(mf, {"out": os.path.relpath(os.path.dirname(sdir), ROOT), "results": todo, "result_file": res_file,
                     "args": {k: getattr(a, k) for k in RUN_ARGS}})
    write_script(os.path.join(sdir, "shrink.sh"), a.slurm_setup,
                 f"exec python3 tools/regress.py --shrink-job {shlex.quote(mf)}")
    minutes = math.ceil(shrink_pending(a, results) * (a.shrink_budget + 120) / 60) + 5
    job = cl.sbatch(["--job-name=ttcosim-shrink", f"--time={minutes}", f"--output={os.path.join(sdir, 'shrink.log')}",
                     os.path.join(sdir, "shrink.sh")])
    print(f"regress: shrinking {shrink_pending(a, results)} failing seeds: job {job}", flush=True)
    state = cl.wait(job, ["N/A"], lambda k: os.path.exists(res_file))["N/A"]
    try:
        with open(res_file) as f:
            shrunk = json.load(f)
    except (OSError, ValueError):
        shrunk = None
        print(f"regress: the shrink job {job} ended {state} without a result (log {os.path.relpath(sdir, ROOT)}/shrink.log)")
    for r in results:
        if r.pop("_shrink", None):
            if shrunk is None:
                r["shrunk"] = {"error": f"the shrink job {job} ended {state} without a result: "
                                        f"{tail(os.path.join(sdir, 'shrink.log'), 500).strip()}"}
            elif test_id(r) in shrunk:
                r["shrunk"] = shrunk[test_id(r)]
    return job


def _stop(signum, frame):
    raise KeyboardInterrupt

