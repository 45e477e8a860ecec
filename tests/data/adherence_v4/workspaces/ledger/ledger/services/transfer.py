from decimal import Decimal

from ledger.models import Account, Entry


def transfer(src: Account, dst: Account, amount: Decimal, memo: str = "") -> list[Entry]:
    if amount <= 0:
        raise ValueError("amount must be positive")
    return [Entry(account=src, amount=-amount, memo=memo), Entry(account=dst, amount=amount, memo=memo)]
