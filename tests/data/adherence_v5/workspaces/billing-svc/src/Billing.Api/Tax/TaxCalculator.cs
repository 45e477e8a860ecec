namespace Billing.Api.Tax;

public static class TaxCalculator
{
    public static decimal TaxFor(IEnumerable<decimal> lineTotals, decimal rate)
        => Math.Round(lineTotals.Sum() * rate, 2, MidpointRounding.ToEven);
}
