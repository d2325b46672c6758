import { TagsScreen } from '@/features/tags/components/tags-screen';

export default function TagsRoute() {
  return <TagsScreen />;
}
