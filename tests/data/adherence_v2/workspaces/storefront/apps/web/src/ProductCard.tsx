import { Button } from "@storefront/ui";

export function ProductCard({ name }: { name: string }) {
  return <article>{name}<Button>Add to cart</Button></article>;
}
