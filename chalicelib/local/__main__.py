import sys

from chalicelib.local.stack import main

sys.exit(main())
