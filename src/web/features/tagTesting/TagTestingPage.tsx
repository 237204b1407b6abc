import { Code, Paper, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Tag } from '../../../domain/wire/tags.js';
import { BackToMenu } from '../../app/shell/BackToMenu.js';
import { PageHeading } from '../../app/shell/PageHeading.js';
import { Panel } from '../../app/shell/Panel.js';
import { useLoadedSettings } from '../../app/useLoadedSettings.js';
import { isAdmin } from '../../../domain/permissions.js';
import { TagPicker } from '../tags/index.js';
import { TAG_TYPE_OPTIONS, tagTypeFrom } from '../tags/tagTypes.js';

/** Tag chooser test page (SPEC 2.1): the tag picker on its own, showing what it holds. */
export function TagTestingPage() {
  const { caller } = useLoadedSettings();
  const [type, setType] = useState<string | null>(null);
  const [tags, setTags] = useState<Tag[]>([]);
  return (
    <Panel>
      <PageHeading>Tag chooser test</PageHeading>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Stack>
          <Select label="Tag type" placeholder="Any type" clearable data={TAG_TYPE_OPTIONS} value={type} onChange={setType} />
          <TagPicker label="Tags" type={tagTypeFrom(type)} value={tags} onChange={setTags} canCreate={isAdmin(caller)} />
          <Text size="sm" fw={500} id="chosen-tags">Chosen tags</Text>
          <Code block aria-labelledby="chosen-tags">{JSON.stringify(tags, null, 2)}</Code>
        </Stack>
      </Paper>
      <BackToMenu />
    </Panel>
  );
}
