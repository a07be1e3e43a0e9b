# The fixture scorekeeper_cli: scorekeeper's own command line, run in a throw-away database
# (test_knock_cli.py plays Knock Rummy through it).
pytest_plugins = ["scorekeeper.testing"]
