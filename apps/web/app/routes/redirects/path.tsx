// Placeholder route module; replaced by its feature.
export default function Placeholder() {
  return <p>redirects/path</p>;
}
