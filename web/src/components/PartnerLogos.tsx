/**
 * Word marks of the (fictional) partner brands, drawn inline so the page loads no third-party images.
 * Each is a small SVG with its name as the accessible label.
 */
export function PartnerLogos() {
  return (
    <ul className="partner-logos" aria-label="Our partners">
      <li>
        <svg viewBox="0 0 190 48" role="img" aria-label="Northway Motors">
          <path d="M8 38 24 10l16 28z" fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
          <path d="M17 38l7-12 7 12" fill="currentColor" />
          <text x="50" y="25" fontSize="17" fontWeight="800" letterSpacing="1.5" fill="currentColor">
            NORTHWAY
          </text>
          <text x="51" y="40" fontSize="10" fontWeight="600" letterSpacing="4.2" fill="currentColor">
            MOTORS
          </text>
        </svg>
      </li>
      <li>
        <svg viewBox="0 0 190 48" role="img" aria-label="Kestrel Auto Parts">
          <path
            d="M6 28c10-14 24-18 38-14-8 1-14 5-17 10 6-3 12-3 17 0-11 0-20 6-25 14 0-5 1-8 3-11-6 0-11 1-16 1z"
            fill="currentColor"
          />
          <text x="54" y="27" fontSize="19" fontStyle="italic" fontWeight="700" fill="currentColor">
            Kestrel
          </text>
          <text x="55" y="41" fontSize="9.5" fontWeight="600" letterSpacing="2.6" fill="currentColor">
            AUTO PARTS
          </text>
        </svg>
      </li>
      <li>
        <svg viewBox="0 0 190 48" role="img" aria-label="Apex Tyre Co.">
          <circle cx="24" cy="24" r="16" fill="none" stroke="currentColor" strokeWidth="5" strokeDasharray="4 2.3" />
          <circle cx="24" cy="24" r="7" fill="currentColor" />
          <text x="50" y="31" fill="currentColor">
            <tspan fontSize="22" fontWeight="900" letterSpacing="0.5">
              APEX
            </tspan>
            <tspan dx="6" fontSize="13" fontWeight="500">
              Tyre Co.
            </tspan>
          </text>
        </svg>
      </li>
      <li>
        <svg viewBox="0 0 190 48" role="img" aria-label="Meridian Motor Group">
          <rect x="6" y="8" width="32" height="32" rx="8" fill="currentColor" />
          <path d="M13 32V17l9 9 9-9v15" fill="none" stroke="#fff" strokeWidth="3" strokeLinejoin="round" />
          <text x="48" y="24" fontSize="16" fontWeight="700" fill="currentColor">
            Meridian
          </text>
          <text x="48" y="39" fontSize="11" fontWeight="500" letterSpacing="1" fill="currentColor">
            Motor Group
          </text>
        </svg>
      </li>
      <li>
        <svg viewBox="0 0 190 48" role="img" aria-label="Brightline Fleet Services">
          <path d="M6 34h34M10 27h30M14 20h26M18 13h22" stroke="currentColor" strokeWidth="3.2" strokeLinecap="round" />
          <text x="50" y="26" fontSize="18" fontWeight="800" fill="currentColor">
            brightline
          </text>
          <text x="50" y="40" fontSize="9.5" fontWeight="600" letterSpacing="2.4" fill="currentColor">
            FLEET SERVICES
          </text>
        </svg>
      </li>
      <li>
        <svg viewBox="0 0 190 48" role="img" aria-label="Thistle Garage Network">
          <path d="M24 30v12M18 22c0-6 3-10 6-14 3 4 6 8 6 14a6 6 0 0 1-12 0z" fill="currentColor" />
          <path d="M14 14l4 5M34 14l-4 5M24 4v4" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          <text x="46" y="25" fontSize="17" fontWeight="700" letterSpacing="0.4" fill="currentColor">
            Thistle
          </text>
          <text x="47" y="39" fontSize="9.5" fontWeight="600" letterSpacing="2.2" fill="currentColor">
            GARAGE NETWORK
          </text>
        </svg>
      </li>
    </ul>
  );
}
