import { useList } from '@refinedev/core';
import { Link } from 'react-router';
import type { CrudboardResourceName, CrudboardResources } from './crudboard-types';
import { texts } from './texts';

/** A record of the sample table `product`, as `npm run types` describes it (`crudboard-types.ts`). */
type Product = CrudboardResources['product'];

const resource: CrudboardResourceName = 'product';
const PRICE: keyof Product = 'price';

/**
 * The five dearest products, typed with the generated record types: renaming or dropping a column
 * used here (`name`, `price`) and running `npm run types` again makes the type check fail.
 */
export const PricesPage = () => {
  const { result, query } = useList<Product>({
    resource,
    sorters: [{ field: PRICE, order: 'desc' }],
    pagination: { currentPage: 1, pageSize: 5 },
  });
  const priceOf = (product: Product): string => (product.price === null ? '—' : String(product.price));
  return (
    <section>
      <p>
        <Link to="/">{texts.back}</Link>
      </p>
      <h2>{texts.prices}</h2>
      {query.isLoading ? <p>{texts.loading}</p> : null}
      <ol>
        {result.data.map((product) => (
          <li key={product.id} data-product={product.id}>
            {product.name}: {priceOf(product)}
          </li>
        ))}
      </ol>
    </section>
  );
};
