"""``python -m ramino``: the ``ramino`` command, for an environment without its script."""

from ramino.cli import main

if __name__ == "__main__":
    main()
