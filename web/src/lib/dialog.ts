/**
 * sweetalert2, loaded on first use so it stays out of the first-load bundle (it injects its own styles).
 * The mixin gives every dialog the shop's colours, which keep white button text above 4.5:1.
 */
export async function loadSwal() {
  const { default: Swal } = await import('sweetalert2');
  return Swal.mixin({
    confirmButtonColor: '#3730a3',
    cancelButtonColor: '#4b4a63',
  });
}
