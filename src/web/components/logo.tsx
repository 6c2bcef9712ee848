export function LogoMark({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#2f5d50" />
      <path d="M20 40c0-12 10-20 24-22-2 14-10 24-22 24h-2z" fill="#cfe3d8" />
      <path
        d="M20 44c4-8 10-13 17-16"
        stroke="#2f5d50"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}
