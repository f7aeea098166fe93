/** The nine service categories of the add-record checklist (docs/product.md#adding-a-service), worded as a UK garage would. */
export const SERVICE_CATEGORIES = [
  {
    name: 'General Maintenance & Repairs',
    items: [
      'Full Service',
      'Interim Service',
      'Oil & Filter Change',
      'Battery Replacement',
      'Air Filter Replacement',
      'Fuel Filter Replacement',
      'Spark Plug Replacement',
      'Timing Belt Replacement',
      'Coolant Flush',
      'Clutch Replacement',
      'Exhaust Repair',
      'Cambelt & Water Pump',
    ],
  },
  {
    name: 'Tyres & Wheels',
    items: [
      'Tyre Replacement',
      'Wheel Alignment',
      'Wheel Balancing',
      'Puncture Repair',
      'Tyre Pressure Sensor Service',
    ],
  },
  {
    name: 'Brakes & Suspension',
    items: [
      'Brake Replacement',
      'Brake Pad Replacement',
      'Brake Disc Replacement',
      'Brake Fluid Change',
      'Shock Absorber Replacement',
      'Suspension Spring Replacement',
      'Steering Repair',
    ],
  },
  {
    name: 'Diagnostics & Electrical',
    items: [
      'Engine Diagnostics',
      'Fault Code Reading',
      'Alternator Replacement',
      'Starter Motor Replacement',
      'Electrical Fault Repair',
      'ECU Diagnostics',
      'Sensor Replacement',
    ],
  },
  {
    name: 'Heating, Air & Climate',
    items: ['Air Conditioning Re-gas', 'Air Conditioning Repair', 'Heater Repair', 'Cabin Filter Replacement'],
  },
  {
    name: 'Lights, Wipers & Glass',
    items: [
      'Bulb Replacement',
      'Headlight Alignment',
      'Wiper Blade Replacement',
      'Windscreen Repair',
      'Windscreen Replacement',
    ],
  },
  {
    name: 'Bodywork & Cosmetic',
    items: ['Dent Repair', 'Scratch Repair', 'Paintwork', 'Bumper Repair', 'Rust Treatment', 'Valeting'],
  },
  {
    name: 'Upgrades & Extras',
    items: [
      'Dash Cam Installation',
      'Parking Sensor Installation',
      'Tow Bar Fitting',
      'Stereo Installation',
      'Reversing Camera Installation',
      'Remapping',
      'Alloy Wheel Refurbishment',
      'Roof Rack Fitting',
      'EV Charger Cable Supply',
    ],
  },
  {
    name: 'Admin & Inspections',
    items: ['MOT Test', 'Pre-MOT Check', 'Pre-Purchase Inspection', 'Winter Health Check'],
  },
] as const;

export type TServiceCategory = (typeof SERVICE_CATEGORIES)[number];
