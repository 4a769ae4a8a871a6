"""The fork server's first preload: Ctrl-C goes unheard while it imports the rest.

Ctrl-C in the studio's terminal reaches its whole process group, the fork server too. Python's
fork server ignores it once its preloads are imported (`multiprocessing.forkserver.main`), but
not while it imports them, which takes a second or more on a busy machine: a Ctrl-C then printed
a KeyboardInterrupt traceback from inside an import. The studio starts the fork server with
Ctrl-C held back (jobs._start_forkserver), so one that comes before this module is dropped here
too. The last preload (bookgen.studio.warm) gives the handler back, so the jobs the fork server
forks keep the one they had before.
"""

import signal

heard = signal.signal(signal.SIGINT, signal.SIG_IGN)
"""How the fork server took Ctrl-C before: what warm.py gives back."""
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # held back since its birth: dropped
