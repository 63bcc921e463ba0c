/**
 * Shown in place of a route whose rendering threw (router.tsx), most often because a page's code chunk can no
 * longer be fetched (offline at the checkpoint, or a new release replaced the files). Reloading
 * fetches the current files.
 */
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

export function RouteErrorPage({ error }: { error: unknown }) {
  const chunkFailed =
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);
  return (
    <Container size="sm" py="xl" component="main">
      <Stack>
        <Title order={1}>Something went wrong</Title>
        <Text>
          {chunkFailed
            ? 'This page could not be loaded. Check your connection and reload.'
            : 'An unexpected error stopped this page from showing. Reloading usually helps.'}
        </Text>
        <Group>
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button component={Link} to="/home" variant="default" reloadDocument>
            Go to Home
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
