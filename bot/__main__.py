"""`python -m bot`: the command line."""

from bot.cli import main

if __name__ == "__main__":
    main()
