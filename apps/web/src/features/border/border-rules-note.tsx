/**
 * `BorderRulesNote` (travel guide): the border rules the checklist follows, each with the
 * authority's page and the day it was last checked (docs/border.md#rules), and the plain warning
 * that these are reminders, not legal advice.
 */
import { Alert, Anchor, List, Text } from '@mantine/core';
import { BORDER_RULES, CHECKLIST_ITEM_IDS, formatChecklistDay } from '@rideshare/domain';

export function BorderRulesNote() {
  return (
    <Alert
      color="gray"
      variant="light"
      title="Border documents: reminders, not legal advice"
      role="note"
      id="border-rules"
    >
      <Text size="sm" mb="xs">
        Each ride&apos;s border checklist reminds you of these rules. They can change without notice: always check the
        authority&apos;s own page before you travel.
      </Text>
      <List size="sm" spacing={4}>
        {CHECKLIST_ITEM_IDS.map((id) => {
          const rule = BORDER_RULES[id];
          return (
            <List.Item key={id}>
              <Anchor href={rule.source} target="_blank" rel="noopener noreferrer" size="sm">
                {rule.title}
              </Anchor>{' '}
              <Text span size="xs" c="dimmed">
                (last checked {formatChecklistDay(rule.lastChecked)})
              </Text>
            </List.Item>
          );
        })}
      </List>
    </Alert>
  );
}
