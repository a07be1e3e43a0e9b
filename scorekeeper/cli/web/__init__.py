"""The web page's script and style sheet (read by :func:`scorekeeper.cli.render.page.asset`)."""
