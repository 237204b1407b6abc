import { Anchor, List, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** The privacy page's section on names at desks (issue 20, "Who's in"): who sees whose name, and how to opt out. */
export function WhoSeesYourDesk() {
  return (
    <section aria-labelledby="privacy-names">
      <Title order={2} size="h3" id="privacy-names" mb="xs">Who can see where you sit</Title>
      <Text mb="xs">
        When you book a desk, other signed-in staff may see your name and initials on that desk on the floorplan, and
        in the <Anchor component={Link} to="/menu/whosin">Who&apos;s in</Anchor> list for that day with the desk, floor and site.
      </Text>
      <List spacing="xs">
        <List.Item><b>By default only your teammates</b> (people who share a team with you) see your name. Everyone else sees the desk as &ldquo;Taken&rdquo;.</List.Item>
        <List.Item><b>Your organisation decides</b> whether names are shown to teammates only, to every signed-in person, or to nobody (Global Settings).</List.Item>
        <List.Item><b>You can always hide your name</b> in <Anchor component={Link} to="/menu/myprofile">My Profile</Anchor> (&ldquo;Hide my name on the desk map&rdquo;). This wins over your organisation&apos;s setting, and takes effect at once.</List.Item>
        <List.Item><b>Never shown:</b> your e-mail address, the reason you gave for a booking, or anything to people who are not signed in. Room check-in pages and other public screens never show names at desks.</List.Item>
        <List.Item>When someone books a desk on your behalf, it is your name that is shown there, under the same rules.</List.Item>
        <List.Item><b>Near my team:</b> when a teammate uses the &ldquo;Near my team&rdquo; filter on the desk map, the free desks around your desk may be highlighted for them, but only if they could already see your name there. If you hide your name, or your organisation turns names off, your desk is never used for it. The filter never shows who sits where.</List.Item>
      </List>
    </section>
  );
}
