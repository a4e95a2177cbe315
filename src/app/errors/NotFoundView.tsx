import { Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMapQuestion } from '@tabler/icons-react';
import { Link, useLocation } from '@tanstack/react-router';
import { documentTitle, navSections } from '../nav';

/** The 404 page: says which address was not found and offers every area that exists. */
export function NotFoundView() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const sections = navSections();
  useDocumentTitle(documentTitle('Page not found'));
  return (
    <Stack gap="lg" maw={640} py="xl">
      <Group gap="sm" wrap="nowrap">
        <IconMapQuestion size={36} stroke={1.5} aria-hidden />
        <Title order={1} size="h2">
          Page not found
        </Title>
      </Group>
      <Text>
        There is no page at{' '}
        <Text span ff="monospace" fw={600}>
          {pathname}
        </Text>
        . The link may be out of date, or the address was mistyped.
      </Text>
      {sections.length > 0 ? (
        <Stack gap="xs">
          <Text fw={600}>Areas of Rights Desk</Text>
          <List spacing={4}>
            {sections.flatMap((section) =>
              section.items.map((item) => (
                <List.Item key={item.to}>
                  <Anchor component={Link} to={item.to} underline="always">
                    {item.label}
                  </Anchor>{' '}
                  <Text span size="sm" c="dimmed">
                    ({section.group})
                  </Text>
                </List.Item>
              )),
            )}
          </List>
        </Stack>
      ) : null}
      <Group>
        <Button component={Link} to="/">
          Go to the start page
        </Button>
      </Group>
    </Stack>
  );
}
