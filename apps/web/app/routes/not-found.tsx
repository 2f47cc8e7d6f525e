// Placeholder route module; replaced by its feature.
export default function Placeholder() {
  return <p>not-found</p>;
}
