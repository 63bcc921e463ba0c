/**
 * Page building blocks for every screen:
 *
 * - `<Page title description? actions? size? documentTitle? headingRef?>`: a centred column with the
 *   page's single `<h1>` (plus an optional dimmed line and actions at its right), and the browser tab
 *   title set to '{title} | RideShare'. Use it as the outermost element of a page component. With
 *   `headingRef` the heading can take focus (tabIndex -1), for moving focus there after an action
 *   that disables or removes the focused control.
 * - `usePageTitle(title)`: just the tab title, for pages that lay out their own heading.
 */
import { Container, Group, Stack, Text, Title, type MantineSize } from '@mantine/core';
import { useEffect, type ReactNode, type Ref } from 'react';

export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | RideShare` : 'RideShare';
  }, [title]);
}

export interface PageProps {
  title: ReactNode;
  /** Tab title when `title` is not plain text. */
  documentTitle?: string;
  description?: ReactNode;
  actions?: ReactNode;
  size?: MantineSize | number;
  children?: ReactNode;
  /** Makes the `<h1>` focusable from script (tabIndex -1) and hands it to the page. */
  headingRef?: Ref<HTMLHeadingElement>;
}

export function Page({ title, documentTitle, description, actions, size = 'md', children, headingRef }: PageProps) {
  usePageTitle(documentTitle ?? (typeof title === 'string' ? title : null));
  return (
    <Container size={size} py="lg" px="md">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
            <Title
              order={1}
              fz={{ base: 'h2', sm: 'h1' }}
              {...(headingRef ? { ref: headingRef, tabIndex: -1, style: { outline: 'none' } } : {})}
            >
              {title}
            </Title>
            {description ? <Text c="dimmed">{description}</Text> : null}
          </Stack>
          {actions ? <Group gap="xs">{actions}</Group> : null}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}
