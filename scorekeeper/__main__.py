"""``python -m scorekeeper`` and the console script ``scorekeeper``."""
import sys

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
        from scorekeeper.cli import main

        main()
        code: object = 0
    except SystemExit as e:
        code = e.code
    except KeyboardInterrupt:  # before or after the command itself (loading, parsing): one sentence, 130
        code = _interrupted()
    try:
        sys.stdout.flush()
    except OSError as e:
        code = _output_failed(e)
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # all is done and said: a Ctrl-C now changes nothing
    gc.freeze()  # the exit's collection would only walk everything loaded (see above)
    sys.exit(code)


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
