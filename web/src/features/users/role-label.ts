export function roleLabel(role: string): string {
  return role === 'admin' ? 'Admin' : 'Customer';
}
