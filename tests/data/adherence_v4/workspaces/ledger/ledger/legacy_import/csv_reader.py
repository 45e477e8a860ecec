import csv
from decimal import Decimal


def read_rows(path):
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            yield row["account"], Decimal(row["amount"])
