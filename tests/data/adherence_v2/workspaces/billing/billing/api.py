from fastapi import APIRouter

from billing.services.invoices import invoice_total

router = APIRouter()


@router.get("/invoices/{invoice_id}/total")
def get_total(invoice_id: int) -> dict:
    return {"total": str(invoice_total([]))}
