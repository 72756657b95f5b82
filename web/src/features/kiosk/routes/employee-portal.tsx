import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/EmptyState.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import { Badge, Box, Container, EmptyState, Group, Paper, Stack, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/brand/logo';
import { ShellTools } from '@/components/shell-tools';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /employee-portal: the public clock-in kiosk (no sign-in). Its employee list and PIN
 * flow arrive with the kiosk feature; until then an honest notice.
 */
export default function EmployeePortalPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('employeePortal.title'));
  return (
    <Box mih="100vh" bg="var(--mantine-color-default-hover)">
      <Container size="lg" py="md" component="header">
        <Group justify="space-between">
          <Logo />
          <ShellTools />
        </Group>
      </Container>
      <Container size="lg" component="main" id="main" py="xl">
        <Stack gap="xl">
          <Title order={1} ta="center">
            {t('employeePortal.title')}
          </Title>
          <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }}>
            <EmptyState
              variant="light"
              size="lg"
              icon={<IconClockHour4 size={32} stroke={1.5} aria-hidden />}
              title={t('pages.emptyTitle')}
              description={t('employeePortal.emptyText')}
            >
              <EmptyState.Actions>
                <Badge variant="light" color="gray" size="lg" radius="sm">
                  {t('common.comingSoon')}
                </Badge>
              </EmptyState.Actions>
            </EmptyState>
          </Paper>
        </Stack>
      </Container>
    </Box>
  );
}
