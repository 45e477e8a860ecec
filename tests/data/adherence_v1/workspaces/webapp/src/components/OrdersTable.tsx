import type { Order } from "../generated/api";

export function OrdersTable({ orders }: { orders: Order[] }) {
  return (
    <table>
      <tbody>
        {orders.map((o) => (
          <tr key={o.id}>
            <td>{o.id}</td>
            <td>{o.total}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
