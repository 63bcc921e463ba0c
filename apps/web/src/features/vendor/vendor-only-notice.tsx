/**
 * `VendorOnlyNotice`: what a signed-in member who is not a vendor sees on /vendor: the dashboard is
 * for vendors (drivers who take rides), with a way back to the rides list.
 */
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

export function VendorOnlyNotice() {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="vendor-only-title" maw={560}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id="vendor-only-title">
          This dashboard is for vendors
        </Title>
        <Text>
          The vendor dashboard lets registered vendors (companies with a driver and a car) take open rides and keep
          track of the rides assigned to them. Your account is not a vendor account.
        </Text>
        <Button component={Link} to="/home">
          Back to Home
        </Button>
      </Stack>
    </Card>
  );
}
