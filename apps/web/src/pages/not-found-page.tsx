/** Any unknown path (docs/product.md#screens): '404 Page Not Found' and a way back home. */
import { Button, Text } from '@mantine/core';
import { Link } from 'react-router-dom';

import { Page } from '../components/page';

export function NotFoundPage() {
  return (
    <Page title="404 Page Not Found" documentTitle="Page not found" size="sm">
      <Text>The page you are looking for does not exist or has moved.</Text>
      <div>
        <Button component={Link} to="/home">
          Go to Home
        </Button>
      </div>
    </Page>
  );
}
