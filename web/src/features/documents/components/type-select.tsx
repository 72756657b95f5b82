import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DOC_TYPES } from '../api/types';

/** A choice of document type, labelled in the user's language. */
export function TypeSelect(props: Omit<SelectProps, 'data'>) {
  const { t } = useTranslation();
  return <Select allowDeselect={false} {...props} data={DOC_TYPES.map((v) => ({ value: v, label: t(`documents.types.${v}`) }))} />;
}
