import '../strings';
import { Alert, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PageFrame } from '@/components/page-frame';
import { errorMessage } from '@/lib/errors';
import { useRecordCrumb } from '@/lib/use-document-title';
import { useRecipeItem } from '../api/recipes';
import { RecipeEditor } from '../components/recipe-editor';

/** /production/recipes/:id(?version=N): a finished good's recipe, every version, the one asked for pointed out. */
export default function RecipePage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const version = Number(useSearchParams()[0].get('version')) || undefined;
  const item = useRecipeItem(id);
  useRecordCrumb(item.data?.name);
  return (
    <PageFrame title={item.data ? t('production.recipe.title', { name: item.data.name }) : t('nav.recipes')}>
      {/* The editor's table scrolls sideways on a phone; the page does not. */}
      {item.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(item.error, t)}
        </Alert>
      ) : (
        <Paper withBorder p="md" radius="md">
          <RecipeEditor itemId={id} highlight={version} />
        </Paper>
      )}
    </PageFrame>
  );
}
