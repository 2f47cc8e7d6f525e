// Placeholder route module; replaced by its feature.
export default function Placeholder() {
  return <p>lobby/producers</p>;
}
