from decimal import Decimal


def invoice_total(lines: list[tuple[Decimal, int]]) -> Decimal:
    return sum((price * qty for price, qty in lines), Decimal("0"))
