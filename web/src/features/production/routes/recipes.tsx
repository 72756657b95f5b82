import '../strings';
import { Alert, Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { unitName } from '@/lib/units';
import { Link } from 'react-router';
import { ListTable } from '@/components/list-table';
import { PageFrame } from '@/components/page-frame';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/errors';
import { useProducts } from '../api/get-lines';

/** /production/recipes: every finished good with a recipe, each opening its recipe (the editor Inventory opens too). */
export default function RecipesPage() {
  const { t } = useTranslation();
  const products = useProducts();
  return (
    <PageFrame title={t('nav.recipes')} description={t('production.recipes.description')}>
      {products.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(products.error, t)}
        </Alert>
      ) : products.isPending ? (
        <Text c="dimmed">{t('common.loading')}</Text>
      ) : products.data.length === 0 ? (
        <Text c="dimmed">{t('production.recipes.none')}</Text>
      ) : (
        <ListTable testId="recipes-list" aria-label={t('nav.recipes')} columns={[t('production.recipes.product'), t('production.recipes.sku'), t('production.recipes.unit')]}>
          {products.data.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>
                <Anchor component={Link} to={paths.app.production.recipe.getHref(p.id)} dir="auto">
                  {p.name}
                </Anchor>
              </Table.Td>
              <Table.Td dir="ltr">{p.sku}</Table.Td>
              <Table.Td>{unitName(p.unit, t)}</Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
    </PageFrame>
  );
}
