import '@mantine/dropzone/styles.css';
import { Alert, Button, Card, Group, List, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import { IconLink, IconMusic, IconUpload } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { parseUrlList, type UrlLineError } from '../prechecks';

interface SubmitPanelProps {
  onFiles: (files: File[]) => void;
  onUrls: (urls: string[]) => void;
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Files (many at once) and public links, one per line; nothing is sent before the browser checks. */
export function SubmitPanel({ onFiles, onUrls }: SubmitPanelProps) {
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<UrlLineError[]>([]);
  const [empty, setEmpty] = useState(false);

  const submitUrls = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseUrlList(text);
    setErrors(parsed.errors);
    setEmpty(parsed.urls.length === 0 && parsed.errors.length === 0);
    if (parsed.urls.length === 0) return;
    onUrls(parsed.urls);
    // What was queued leaves the box; lines that need fixing stay (renumbered), so nothing typed is lost.
    const remaining = parsed.errors.map((error) => error.text).join('\n');
    setText(remaining);
    setErrors(parseUrlList(remaining).errors);
    notifications.show({
      color: 'teal',
      title: `${plural(parsed.urls.length, 'link')} queued`,
      message: [
        'The detector downloads each link itself.',
        parsed.duplicates ? `${plural(parsed.duplicates, 'repeated line')} sent once.` : '',
        parsed.errors.length ? `${plural(parsed.errors.length, 'line')} left in the box to fix.` : '',
      ]
        .filter(Boolean)
        .join(' '),
    });
  };

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="detector-files-heading">
        <Stack gap="sm">
          <Title order={2} size="h4" id="detector-files-heading">
            Files
          </Title>
          <Dropzone onDrop={onFiles} multiple aria-label="Choose audio files to check">
            <Group justify="center" gap="lg" mih={150} style={{ pointerEvents: 'none' }}>
              <Dropzone.Accept>
                <IconUpload size={40} stroke={1.5} aria-hidden />
              </Dropzone.Accept>
              <Dropzone.Idle>
                <IconMusic size={40} stroke={1.5} aria-hidden />
              </Dropzone.Idle>
              <Stack gap={4} maw={320}>
                <Text size="md">Drop songs here, or click to choose</Text>
                <Text size="sm" c="dimmed">
                  One song per file, 30 s to 15 min, at most 100 MB. MP3, M4A, WAV, FLAC, AAC, OGG, WEBM and more.
                </Text>
              </Stack>
            </Group>
          </Dropzone>
          <Text size="xs" c="dimmed">
            Each file is checked in this browser first (size, and length where the browser can decode it). Files are sent through the Rights Desk server and
            the detector discards them after answering.
          </Text>
        </Stack>
      </Card>

      <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="detector-links-heading">
        <form onSubmit={submitUrls} noValidate>
          <Stack gap="sm">
            <Title order={2} size="h4" id="detector-links-heading">
              Links
            </Title>
            <Textarea
              label="Public links to audio files"
              description="One per line. Each must download the file directly, without sign-in (not a web page)."
              placeholder="https://example.com/song.mp3"
              autosize
              minRows={4}
              maxRows={10}
              value={text}
              onChange={(event) => {
                setText(event.currentTarget.value);
                setEmpty(false);
              }}
              error={errors.length ? `${plural(errors.length, 'line')} cannot be sent; fix or remove ${errors.length === 1 ? 'it' : 'them'}.` : empty ? 'Enter at least one link.' : undefined}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            {errors.length ? (
              <Alert color="red" variant="light" title="Not sent" role="alert">
                <List size="sm">
                  {errors.map((error) => (
                    <List.Item key={`${error.line}-${error.text}`}>
                      Line {error.line}, “{error.text}”: {error.message}.
                    </List.Item>
                  ))}
                </List>
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button type="submit" leftSection={<IconLink size={16} aria-hidden />}>
                Check links
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </SimpleGrid>
  );
}
