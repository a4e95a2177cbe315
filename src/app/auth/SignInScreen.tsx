import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { documentTitle } from '../nav';
import { Logo } from '../shell/Logo';
import { ThemeToggle } from '../shell/ThemeToggle';
import { serverConfigQueryOptions } from './session';
import { SignInForm } from './SignInForm';

/** Full-page sign-in, shown instead of the app while this tab holds no key and the server holds none. */
export function SignInScreen() {
  const config = useQuery(serverConfigQueryOptions());
  useDocumentTitle(documentTitle('Sign in'));
  return (
    <Box mih="100vh" bg="var(--mantine-color-body)">
      <Box component="header" px="lg" py="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Logo />
            <Text fw={700} size="lg">
              Rights Desk
            </Text>
          </Group>
          <ThemeToggle />
        </Group>
      </Box>
      <Center component="main" px="md" py="xl">
        <Paper withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={460}>
          <Stack gap="lg">
            <Stack gap={4}>
              <Title order={1} size="h2">
                Sign in
              </Title>
              <Text c="dimmed" size="sm">
                Rights Desk works on your organisation's catalogue through Discovery. Enter one of the
                organisation's API keys to continue.
              </Text>
            </Stack>
            <SignInForm demoKey={config.data?.sandboxDemoKey} />
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
