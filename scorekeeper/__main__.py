"""``python -m scorekeeper`` and the console script ``scorekeeper``."""
import gc


def run() -> None:
    """Run one command line (:func:`scorekeeper.cli.main`) with the cyclic garbage
    collector off: a command lives a fraction of a second (or waits on the keyboard),
    reference counting frees what it is done with, and the collector's passes over
    everything loaded only slowed it (about 12 ms a command, 0.3 s of ``export --all``
    over 1,000 sessions; ``benchmarks/bench_app.py``)."""
    gc.disable()
    from scorekeeper.cli import main

    main()


if __name__ == "__main__":
    run()
