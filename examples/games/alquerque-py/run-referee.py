# The referee's command (game.json): runs referee.py as an imported module. Python keeps the bytecode of
# a module it imports (__pycache__/) and compiles the script it is given at every start: referee.py as
# the script cost ~6 ms of compiling a start on the bench machine, this file costs almost nothing.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # -I leaves the script's folder off the path
import referee  # noqa: E402

referee.serve()
