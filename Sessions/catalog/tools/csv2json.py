#!/usr/bin/env python3
"""Reads CSV with a header row on stdin and prints a JSON array of objects, one per row."""
import csv
import json
import sys

rows = list(csv.DictReader(sys.stdin))
if not rows:
    sys.exit("csv2json: no rows after the header")
json.dump(rows, sys.stdout)
