import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { DownloadMyData } from './DownloadMyData.js';
import { RetentionPeriods } from './RetentionPeriods.js';
import { WhoSeesYourDesk } from './WhoSeesYourDesk.js';

/** What Hotdesk keeps in the browser. Cards rather than a table so it reads well on a phone. */
const BROWSER_STORAGE = [
  {
    name: 'hotdesk_session (cookie)',
    why: 'Keeps you signed in. It holds only a random identifier. It is HttpOnly, so scripts in the page cannot read it, and it is sent only to Hotdesk. Over https its name starts with __Host- or __Secure-, so your browser sends it only over a secure connection.',
    howLong: 'Ends when you sign out, after 14 days without using Hotdesk, or 30 days after you signed in, whichever comes first (your organisation may set different periods).',
  },
  {
    name: 'Push reminder snooze (cookie)',
    why: 'Remembers that you chose \u2018not now\u2019 when asked about notifications, so you are not asked again too soon.',
    howLong: '1 month.',
  },
  {
    name: 'hotdesk.layoutDraft.* (local storage)',
    why: 'Administrators only: the floorplan layout editor keeps an autosaved draft of an unsaved drawing in your browser, so a closed tab loses nothing.',
    howLong: 'Until the layout is saved or published, or the draft is discarded. It never leaves your browser.',
  },
] as const;

/**
 * Privacy policy (SPEC 1): what is collected, the session cookie, local storage for the layout
 * editor draft, the push snooze cookie, who sees names at desks, and whom to contact. Readable signed out.
 */
export function PrivacyPage() {
  return (
    <Panel>
      <PageHeading>Privacy policy</PageHeading>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <Text>
            Hotdesk is run by your organisation to let staff book desks, meeting rooms and clinical rooms.
            Your organisation decides how Hotdesk is used and is responsible for the data it holds.
          </Text>

          <section aria-labelledby="privacy-data">
            <Title order={2} size="h3" id="privacy-data" mb="xs">The data we hold about you</Title>
            <List spacing="xs">
              <List.Item><b>Your name and e-mail address</b>, from your organisation&apos;s sign-in service or from the administrator who added you, to know who you are and to send booking e-mails.</List.Item>
              <List.Item><b>Your bookings</b>: desks and rooms, dates and times, who booked on whose behalf, check-ins, approvals and cancellations with their reasons.</List.Item>
              <List.Item><b>Profile details</b> you or an administrator add: phone number, organisation, photo, teams, roles and tags.</List.Item>
              <List.Item><b>A push subscription</b>, only if you choose to turn on notifications in your browser. You can turn them off at any time.</List.Item>
            </List>
            <Text mt="xs">Hotdesk does not use advertising or tracking cookies and does not share your data with anyone outside your organisation.</Text>
          </section>

          <RetentionPeriods />

          <WhoSeesYourDesk />

          <section aria-labelledby="privacy-cookies">
            <Title order={2} size="h3" id="privacy-cookies" mb="xs">Cookies and storage in your browser</Title>
            <Stack gap="sm">
              {BROWSER_STORAGE.map((item) => (
                <Paper key={item.name} withBorder p="md" bg="gray.0">
                  <Title order={3} size="h5" mb={4}>{item.name}</Title>
                  <Text size="sm"><b>Why:</b> {item.why}</Text>
                  <Text size="sm"><b>How long:</b> {item.howLong}</Text>
                </Paper>
              ))}
            </Stack>
          </section>

          <section aria-labelledby="privacy-rights">
            <Title order={2} size="h3" id="privacy-rights" mb="xs">Seeing, exporting or deleting your data</Title>
            <Text>
              You can see your bookings in <Anchor component={Link} to="/menu/mybookings">My Bookings</Anchor> and export them there,
              and change your details in <Anchor component={Link} to="/menu/myprofile">My Profile</Anchor>.
              You can download a full copy of your data below. To ask for it to be corrected or deleted, contact your
              organisation&apos;s data protection contact (below): an administrator can erase your account, which cancels your
              future bookings and removes your name and e-mail address everywhere (past bookings are kept without them, as
              &ldquo;Former member&rdquo;, so that counts of how spaces were used stay right). They will answer within the time
              the law where you work allows.
            </Text>
          </section>

          <DownloadMyData />

          <section aria-labelledby="privacy-contact">
            <Title order={2} size="h3" id="privacy-contact" mb="xs">Contact</Title>
            <List spacing="xs">
              <List.Item><b>Questions about using Hotdesk, your account or your access</b>: your organisation&apos;s Hotdesk administrator or IT service desk.</List.Item>
              <List.Item><b>Questions about your personal data</b>, or a request to export or delete it: your organisation&apos;s data protection officer or data protection contact.</List.Item>
            </List>
          </section>
        </Stack>
      </Paper>
    </Panel>
  );
}
