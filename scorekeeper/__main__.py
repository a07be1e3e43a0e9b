"""``python -m scorekeeper`` and the console script ``scorekeeper``."""
import _thread
import sys
import time

#: what Ctrl-C says before the program's own sentences can be loaded (``cli.interrupted``'s English)
_NOTHING_CHANGED = "Interrupted (Ctrl-C): nothing was changed.\n"


def _interrupted_while_loading(kind: type, value: BaseException, tb: object, _python=sys.excepthook) -> None:
    """Ctrl-C while this module itself loads, before :func:`run` takes over: the one sentence,
    no traceback (nothing can have changed yet); Python then ends as interrupted (130 in a shell)."""
    if issubclass(kind, KeyboardInterrupt):
        sys.stderr.write(_NOTHING_CHANGED)
        return
    _python(kind, value, tb)


sys.excepthook = _interrupted_while_loading


#: a Ctrl-C Python could not raise (see :func:`_unraisable`): a command that changes the database then
#: commits nothing (:func:`scorekeeper.core.errors.ctrl_c_lost`), and :func:`run` says it when it ends
lost_interrupt = False


def _unraisable(hook: object, _python=sys.unraisablehook) -> None:
    """A Ctrl-C that lands where Python cannot raise it (a callback of its import machinery while
    a module loads): Python drops it, and the command would go on, perhaps with a module it was
    loading half made (once it refused to save, blaming a control character no file held). It is
    noted instead of Python's "Exception ignored in …" report (a traceback on the screen) and
    pressed again a moment later (:func:`_press_again`): Python raises it at the next point it can,
    as any Ctrl-C, and the command ends as interrupted (exit 130, the sentence saying whether a
    change was saved). Should that too be lost, the note stands: the command commits nothing, and
    whatever it then ends with is said as the interruption (:func:`run`,
    :func:`scorekeeper.core.errors.ctrl_c_lost`).
    Anything else is reported as Python does."""
    global lost_interrupt
    if isinstance(getattr(hook, "exc_value", None), KeyboardInterrupt):
        lost_interrupt = True
        _thread.start_new_thread(_press_again, ())
        return
    _python(hook)


def _press_again() -> None:
    """Ctrl-C pressed again for the command (:func:`_thread.interrupt_main`), from a thread of its
    own once the hook that noted a lost one has returned: pressed in the hook, it would be raised
    there and lost again. The thread waits a millisecond without Python's lock, and then for the
    lock, which the command gives up only between two steps of its own."""
    time.sleep(0.001)
    _thread.interrupt_main()


sys.unraisablehook = _unraisable


def run() -> None:
    """Run one command line (:func:`scorekeeper.cli.main`) with the cyclic garbage
    collector off: a command lives a fraction of a second (or waits on the keyboard),
    reference counting frees what it is done with, and the collector's passes over
    everything loaded only slow it: ``benchmarks/bench_gc.py`` measures each command both
    ways (200 sessions: the collector costs ``history`` about 68 ms of CPU and ``export
    --all`` about 44 ms, and ``standings`` nothing measurable), so it stays off for all.
    When the command is done, what is still alive is frozen (:func:`gc.freeze`): the
    interpreter's exit then skips its last collection, a walk over every object loaded that
    finds nothing to free (about 6% of a short command's instructions; files are closed and
    the output flushed before it).

    Ctrl-C at any moment — while loading, parsing or running — ends with one sentence
    saying whether the change was saved and exit status 130, never a traceback; output
    that cannot be written (a full disk, /dev/full) is one sentence and exit status 1."""
    import gc

    gc.disable()
    try:
        _standard_streams()
        from scorekeeper.cli import main

        main()
        code: object = 0
    except SystemExit as e:
        code = e.code
    except KeyboardInterrupt:  # before or after the command itself (loading, parsing): one sentence, 130
        code = _interrupted()
    if lost_interrupt and code != 130:  # a Ctrl-C Python dropped while a module loaded: it, not the end
        code = _interrupted()
    elif code == 130 and not getattr(sys.modules.get("scorekeeper.cli.boundary"), "told", False):
        # a Ctrl-C typer caught itself, past the boundary (while an error was being said, or as the
        # command ended): it exits 130 and says nothing, so whether the change was saved is said here
        code = _interrupted()
    try:
        sys.stdout.flush()
    except OSError as e:
        code = _output_failed(e)
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # all is done and said: a Ctrl-C now changes nothing
    gc.freeze()  # the exit's collection would only walk everything loaded (see above)
    sys.exit(code)


class _WholeWrites:
    """Standard output's descriptor, written whole: a write the system takes only part of (a disk
    that fills up under ``> file``) is written on until the system says why it cannot, so the
    error is seen (exit 1, one sentence) instead of a cut file and exit 0. Only what
    :class:`io.BufferedWriter` asks of a raw stream."""

    closed = False

    def __init__(self, fd: int):
        self.fd = fd

    def readable(self) -> bool:
        return False

    def writable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return False

    def write(self, data) -> int:
        import os

        view = memoryview(data).cast("B")
        total = len(view)
        while view:
            view = view[os.write(self.fd, view):]
        return total

    def flush(self) -> None:
        pass

    def close(self) -> None:
        self.closed = True

    def isatty(self) -> bool:
        import os

        return os.isatty(self.fd)

    def fileno(self) -> int:
        return self.fd


def _standard_streams() -> None:
    """Standard input, output and error open, whatever the shell closed (``>&-``, ``<&-``): a
    closed one is opened on the null device — output goes nowhere and the command ends quietly,
    and no file the command opens takes its number (a database file written to by a print).
    Standard output then writes whole (:class:`_WholeWrites`)."""
    import io
    import os

    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            null = os.open(os.devnull, os.O_RDWR)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
    if sys.stdin is None:
        sys.stdin = open(0, encoding="utf-8", closefd=False)
    if sys.stderr is None:
        sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False)
    out = sys.stdout
    encoding = getattr(out, "encoding", None) or "utf-8"
    errors = getattr(out, "errors", None) or "strict"
    line_buffering = bool(getattr(out, "line_buffering", False))
    try:
        if out is not None:
            out.flush()
    except OSError:
        pass
    sys.stdout = io.TextIOWrapper(io.BufferedWriter(_WholeWrites(1)), encoding=encoding, errors=errors,  # type: ignore[arg-type]
                                  line_buffering=line_buffering, write_through=False)


def _interrupted() -> int:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        from scorekeeper.cli.boundary import interrupted
    except BaseException:  # the command line could not even be loaded: nothing was changed
        import sys

        sys.stderr.write(_NOTHING_CHANGED)
        return 130
    return interrupted()


def _output_failed(e: OSError) -> int:
    from scorekeeper.cli.boundary import output_error, output_failed

    if not output_error(e):
        raise e
    return output_failed(e)


if __name__ == "__main__":
    run()
