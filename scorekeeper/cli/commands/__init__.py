"""Command modules. Each has ``register(app)``, declaring its commands on ``app`` with
``app.command()`` and ``app.add_typer()``; :data:`scorekeeper.cli.COMMANDS` names the
module of every command (the program imports a module only to run or list its commands)."""
