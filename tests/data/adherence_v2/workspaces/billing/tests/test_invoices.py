from decimal import Decimal

from billing.services.invoices import invoice_total


def test_total():
    assert invoice_total([(Decimal("2.50"), 2)]) == Decimal("5.00")
