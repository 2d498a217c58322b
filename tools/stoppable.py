"""stoppable.py: test processes that a Ctrl-C or a kill of the tool ends at once (tools/mutate_run.py,
tools/regress.py). Without it a tool stopped by SIGINT waited for its running tests to reach their
timeouts, printed a traceback, and SIGTERM could end it with a partial report and status 0."""
import signal
import subprocess
import sys
import threading


class Stop:
    """The signal that stopped the tool (0: none yet) and the processes to end with it."""

    def __init__(self):
        self.signum = 0
        # reentrant: the signal handler (set) runs in the main thread, which may hold the lock in run
        self.lock = threading.RLock()
        self.live = set()

    def set(self, signum):
        with self.lock:
            self.signum = self.signum or signum
            for p in self.live:
                if p.poll() is None:
                    p.kill()

    def install(self):
        """SIGINT and SIGTERM set the stop and raise KeyboardInterrupt in the main thread."""
        def on_signal(signum, frame):
            self.set(signum)
            raise KeyboardInterrupt
        signal.signal(signal.SIGINT, on_signal)
        signal.signal(signal.SIGTERM, on_signal)

    def status(self):
        """the exit status of a stopped tool: 128 + the signal (130, 143)"""
        return 128 + (self.signum or signal.SIGINT)

    def main(self, fn, message, file=sys.stdout):
        """Runs the tool's main with the handlers installed; stopped before fn handled the stop itself,
        prints message and returns 128 + the signal, else fn's exit status."""
        self.install()
        try:
            return fn()
        except KeyboardInterrupt:
            self.set(signal.SIGINT)      # keeps a SIGTERM's number
            print(message, file=file, flush=True)
            return self.status()

    def run(self, argv, timeout, cwd=None):
        """(exit status, or None on timeout or when stopped; output), as subprocess.run with a timeout"""
        with self.lock:
            if self.signum:
                return None, ""
            p = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            self.live.add(p)
        try:
            o, _ = p.communicate(timeout=timeout)
            rc = p.returncode
        except subprocess.TimeoutExpired:
            p.kill()
            o, _ = p.communicate()
            rc = None
        finally:
            with self.lock:
                self.live.discard(p)
        return (None if self.signum else rc), o.decode(errors="replace")
